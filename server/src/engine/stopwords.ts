/** Function words of the output languages (and Russian), never key terms on their own. */
const LISTS = [
  // en
  "a an the and or but if then else of to in on at by for with from as into onto over under about above below between through during before after again further than so such that this these those there here it its itself is are was were be been being am do does did doing have has had having can could should would may might must shall will not no nor only own same too very just also each every both few more most other some any all which who whom whose what when where why how we our ours you your he him his she her they them their i me my one ones us via per use used using e.g i.e etc et al fig figure table see section chapter page",
  // fr
  "le la les un une des du de et ou mais donc car ni que qui quoi dont où ce cet cette ces son sa ses leur leurs il elle ils elles on nous vous je tu est sont été être avoir a ont pas ne plus par pour sur dans avec sans sous entre aux au se en y",
  // de
  "der die das den dem des ein eine einer eines einem einen und oder aber wenn dann als wie ist sind war waren sein haben hat hatte nicht kein keine zu im in am an auf aus bei mit nach von vor für über unter durch sich es er sie wir ihr ich man auch nur noch schon dass so",
  // es / pt
  "el la los las un una unos unas y o pero si que de del al en con por para sin sobre entre es son fue ser está están se lo le les su sus como más muy ya también o os as um uma uns umas e mas do da dos das no na nos nas em com por para sem sobre é são foi ser está estão se lhe seu sua seus suas como mais muito já também",
  // ru
  "и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтобы без будто чего раз тоже себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтоб нее сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им более всегда конечно всю между это",
  // zh
  "的 了 是 在 和 与 及 或 也 就 都 而 被 把 对 从 以 为 这 那 这个 那个 这些 那些 一个 一种 我们 你们 他们 它们 其 之 中 上 下 等 如 若 则 即 但 因为 所以 如果 可以 可 不 没有 有 个 所 并 将 由 于 与其 以及 其中 进行 通过 由于 因此 所以 但是 如果 我们 得到 这里 对于 于是 即可 满足 利用 就是 也是 还是 所有 一些 需要 表示 那么 这样 其他 可能 已经 同时 然后 只有 一般 以上 以下 如下 所示 可知 有关 之间 不同 相同 本文 本章 本节 各种 每个 任何",
  // ja
  "の に は を た が で て と し れ さ ある いる する も な い か から まで より こと これ それ あれ この その あの ため よう など なる られ れる また という といった として について による により において における および または ように ような もの とき とは では には です ます でき できる ない なく あり おり",
  // ko
  "이 그 저 것 수 등 및 또는 그리고 하는 있는 있다 한다 하다 된다 되는 에서 으로 에게 의 를 을 는 은 가 도 와 과",
].join(" ");

const STOP = new Set(LISTS.split(/\s+/).filter(Boolean));

/** True for a function word that carries no topic on its own. */
export function isStopword(word: string): boolean {
  return STOP.has(word) || /^[\p{N}\p{P}]+$/u.test(word);
}
