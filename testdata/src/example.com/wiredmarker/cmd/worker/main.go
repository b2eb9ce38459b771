// Command worker captures deposits.
package main

import (
	"database/sql"
	"net/http"

	"github.com/hibiken/asynq"

	"example.com/wiredmarker/app"
	"example.com/wiredmarker/store"
	"example.com/wiredmarker/svc"
)

func main() {
	db, _ := sql.Open("postgres", "")
	mux := asynq.NewServeMux()
	app.Register(mux, &app.Handlers{Store: store.New(db)})
	st := store.New(db)
	http.HandleFunc("POST /partners/{partner}/updates", (&app.Webhooks{Svc: &svc.Service{Store: st}}).Update)
	go http.ListenAndServe(":8080", nil)
	asynq.NewServer(asynq.RedisClientOpt{}, asynq.Config{}).Run(mux)
}
