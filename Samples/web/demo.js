// The demo: limitField on a post composer (X's, Mastodon's and Bluesky's counts side by side,
// what lies beyond the chosen platform's limit highlighted) and a sign-up form (a nickname in
// grapheme clusters, a bio in UTF-8 bytes). Serve the repository with `python3 -m http.server`
// and open /Samples/web/.
import { counter, limitField, rule } from "../../JavaScript/src/index.js";

const post = document.getElementById("post");
const platforms = ["x", "mastodon", "bluesky"];
/// Every counter of the composer: the platform's limits, the tightest one shown, warning with
/// 20 left.
const counterOptions = (platform) => ({ limits: rule(platform), counterRule: "tightest", warningThreshold: { remaining: 20 } });
let highlighted = null;
let current = null;

/// The platform's soft limit on the composer: its counter, and the overflow highlighted.
function highlightBeyond(platform) {
  highlighted?.detach();
  current = platform;
  highlighted = limitField(post, { ...counterOptions(platform), soft: true, counter: document.getElementById(`${platform}-counter`) });
  showCounts();
}

/// The other platforms' counters, from the same engine: what limitField's counter would show
/// (its count, maximum and state are the engine's).
function showCounts() {
  const text = post.textContent;
  for (const platform of platforms) {
    if (platform === current) continue;  // limitField shows that one
    const output = document.getElementById(`${platform}-counter`);
    const shown = counter(text, counterOptions(platform));
    output.textContent = `${shown.count}/${shown.max}`;
    output.dataset.state = shown.state;
  }
}

post.addEventListener("input", showCounts);
for (const radio of document.querySelectorAll("input[name=platform]")) {
  radio.addEventListener("change", () => highlightBeyond(radio.value));
}
post.textContent = "TextLimit counts 👨‍👩‍👧‍👦 as one, like Swift does. Read https://example.com/a/very/long/path/that/counts/as/twenty/three and tell @alice@example.social. ";
highlightBeyond("x");

limitField(document.getElementById("nickname"), { max: 20, counter: document.getElementById("nickname-counter") });
limitField(document.getElementById("bio"), { max: 160, unit: "utf8", counter: document.getElementById("bio-counter") });
window.demoReady = true;
