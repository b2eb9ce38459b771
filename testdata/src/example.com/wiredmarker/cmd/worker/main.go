// Command worker captures deposits.
package main

import (
	"database/sql"

	"github.com/hibiken/asynq"

	"example.com/wiredmarker/app"
	"example.com/wiredmarker/store"
)

func main() {
	db, _ := sql.Open("postgres", "")
	mux := asynq.NewServeMux()
	app.Register(mux, &app.Handlers{Store: store.New(db)})
	asynq.NewServer(asynq.RedisClientOpt{}, asynq.Config{}).Run(mux)
}
