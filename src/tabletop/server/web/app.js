// The tabletop web client: a lobby and a game page, on the server's public API only.
// Routes (in the URL's fragment, which a browser never sends to a server):
//   #/                      the lobby
//   #/play/{game}/{token}   a seat of a game (the token is the seat's secret)
//   #/watch/{game}          a game as a spectator
//   #/coach/{game}/{grant}  a seat's view through a spectator grant (read-only)
//   #/replay/{game}         a game stepped through, as a spectator saw it
import { h, installFacts } from "./dom.js";
import { showLobby } from "./lobby.js";
import { GamePage } from "./game.js";
import { ReplayPage } from "./replay.js";

let current = null; // the page shown: anything with close()

function route() {
  if (current) { current.close(); current = null; }
  const root = document.getElementById("app");
  root.replaceChildren();
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "play" && parts[1] && parts[2]) {
    current = new GamePage(root, parts[1], parts[2]);
  } else if (parts[0] === "coach" && parts[1] && parts[2]) {
    current = new GamePage(root, parts[1], parts[2], { readOnly: true });
  } else if (parts[0] === "replay" && parts[1]) {
    current = new ReplayPage(root, parts[1]);
  } else if (parts[0] === "watch" && parts[1]) {
    current = new GamePage(root, parts[1], null);
  } else if (parts[0] === "" || parts[0] === "lobby") {
    current = showLobby(root);
  } else {
    root.append(h("div", { class: "error-page", role: "alert" },
      h("h2", {}, "This link leads nowhere"),
      h("p", {}, `The address ${location.hash} is not a page of this client.`),
      h("a", { href: "#/" }, "Go to the lobby")));
  }
}

installFacts();
window.addEventListener("hashchange", route);
route();
