// boardgame.io 0.50.2's server for benchmarks/server_load.py: PORT, STORAGE (memory | flatfile),
// DATA_DIR (FlatFile's directory). Prints "listening" once it is.
const { Server, FlatFile } = require("boardgame.io/server");
const { Shed } = require("./game");

const storage = process.env.STORAGE || "memory";
const db = storage === "flatfile" ? new FlatFile({ dir: process.env.DATA_DIR, logging: false }) : undefined;
const server = Server({ games: [Shed], db });
server.run(Number(process.env.PORT), () => console.log("listening"));
