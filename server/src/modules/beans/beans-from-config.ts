import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { studentDiscount } from "../student/student.service";
import { createBeanService } from "./beans.service";

/** The Beancoin service as the API and the workers build it: prices from config, the student discount applied. */
export const createBeansFromConfig = (db: Db, config: Config) =>
  createBeanService({ db, config, students: studentDiscount });
