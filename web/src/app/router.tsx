import { lazy, Suspense, type ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageLoader } from "../components/PageLoader";
import { AppLayout } from "./AppLayout";
import { RootRoute } from "./RootRoute";
import type { RouteHandle } from "./route-titles";

// Each screen is its own chunk (React.lazy); the shell stays while one loads.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

const handle = (title: RouteHandle["title"]): RouteHandle => ({ title });

const loginPage = page(() => import("../pages/login/LoginPage"), "LoginPage");

/** The routes of spec §2 (history mode, base /), plus recharge centre and about. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { path: "/", element: loginPage, handle: handle("login") },
      { path: "/pages/login", element: loginPage, handle: handle("login") },
      {
        element: <AppLayout />,
        children: [
          {
            path: "/pages/index",
            element: page(() => import("../pages/index/HomePage"), "HomePage"),
            handle: handle("index"),
          },
          {
            path: "/pages/my-file",
            element: page(() => import("../pages/my-file/MyFilePage"), "MyFilePage"),
            handle: handle("myFile"),
          },
          {
            path: "/pages/new-note",
            element: page(() => import("../pages/new-note/NewNotePage"), "NewNotePage"),
            handle: handle("newNote"),
          },
          {
            path: "/subNote/pages/note",
            element: page(() => import("../pages/note/NotePage"), "NotePage"),
            handle: handle("note"),
          },
          {
            path: "/subNote/pages/review",
            element: page(() => import("../pages/review/ReviewPage"), "ReviewPage"),
            handle: handle("review"),
          },
          {
            path: "/subOthers/pages/setting",
            element: page(() => import("../pages/setting/SettingPage"), "SettingPage"),
            handle: handle("setting"),
          },
          {
            path: "/subOthers/pages/feedback",
            element: page(() => import("../pages/feedback/FeedbackPage"), "FeedbackPage"),
            handle: handle("feedback"),
          },
          {
            path: "/subOthers/pages/recharge",
            element: page(() => import("../pages/recharge/RechargePage"), "RechargePage"),
            handle: handle("recharge"),
          },
          {
            path: "/subOthers/pages/about",
            element: page(() => import("../pages/about/AboutPage"), "AboutPage"),
            handle: handle("about"),
          },
          {
            path: "*",
            element: page(() => import("../pages/not-found/NotFoundPage"), "NotFoundPage"),
            handle: handle("notFound"),
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
