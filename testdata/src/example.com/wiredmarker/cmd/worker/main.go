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
	// The disputes' store is made of two, each with half of its methods.
	hooks := &app.Webhooks{Svc: &svc.Service{Store: st}, Disputes: struct {
		*store.Opener
		*store.Counter
	}{&store.Opener{DB: db}, &store.Counter{DB: db}}}
	http.HandleFunc("POST /partners/{partner}/updates", hooks.Update)
	http.HandleFunc("POST /disputes", hooks.Dispute)
	go http.ListenAndServe(":8080", nil)
	asynq.NewServer(asynq.RedisClientOpt{}, asynq.Config{}).Run(mux)
}
