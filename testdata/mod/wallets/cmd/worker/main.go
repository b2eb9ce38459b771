// Command worker serves the wallet tasks.
package main

import (
	"log"
	"os"

	"github.com/hibiken/asynq"
	_ "github.com/lib/pq"

	"example.com/wallets/ent"
	"example.com/wallets/worker"
)

func main() {
	client, err := ent.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	mux := asynq.NewServeMux()
	(&worker.Worker{Client: client}).Register(mux)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{})
	log.Fatal(srv.Run(mux))
}
