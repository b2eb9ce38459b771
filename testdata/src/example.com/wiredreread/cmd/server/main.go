// Command server wires the court calendar.
package main

import (
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"example.com/wiredreread/api"
	"example.com/wiredreread/recon"
	"example.com/wiredreread/reminders"
	"example.com/wiredreread/store"
)

func main() {
	db, _ := sqlx.Open("postgres", "")
	q := asynq.NewClient(asynq.RedisClientOpt{})
	rs, ns := &store.Reminders{DB: db}, &store.Notices{DB: db}
	rc := &recon.Service{Runs: &store.Runs{DB: db}, Submissions: &store.Submissions{DB: db}}
	h := &api.Handler{Service: &reminders.Service{Reminders: rs, Notices: ns, Queue: q}, Reminders: rs, Notices: ns, Queue: q, Recon: rc}
	http.HandleFunc("POST /reminders", h.PostReminder)
	http.HandleFunc("POST /notices", h.PostNotice)
	http.HandleFunc("POST /reminders/now", h.PostRemindNow)
	http.HandleFunc("POST /notices/now", h.PostNoticeNow)
	http.HandleFunc("POST /reminders/soon", h.PostRemindSoon)
	http.HandleFunc("POST /reconcile", h.PostReconcile)
	http.HandleFunc("POST /reconcile/again", h.PostRerun)
	http.ListenAndServe(":8080", nil)
}
