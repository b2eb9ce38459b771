// Command server wires the handlers to the service and the service to
// the store.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"example.com/wiredguard/api"
	"example.com/wiredguard/app"
	"example.com/wiredguard/bank"
	"example.com/wiredguard/queue"
	"example.com/wiredguard/sms"
	"example.com/wiredguard/store"
)

// gateway sends a text through the gateway's API.
func gateway(ctx context.Context, key, body string) (string, error) { return key, nil }

func main() {
	db, _ := sql.Open("postgres", "")
	var jobs *river.Client[pgx.Tx]
	st := &store.Store{DB: db}
	h := &api.Handler{Policies: &app.Service{DB: db, Refunds: st, Events: st, Bank: &bank.Client{HTTP: http.DefaultClient}, Jobs: &queue.Queue{Client: jobs}, Texter: &sms.Client{Send: gateway}}}
	http.HandleFunc("POST /policies/{id}/cancel", h.Cancel)
	http.HandleFunc("POST /policies/{id}/cancellation", h.CancelTogether)
	http.HandleFunc("POST /policies/{id}/lapse", h.Lapse)
	http.HandleFunc("POST /policies/{id}/renewal", h.Renew)
	http.HandleFunc("POST /policies/{id}/expiry", h.Expire)
	http.HandleFunc("POST /policies/{id}/payout", h.Payout)
	http.HandleFunc("POST /policies/{id}/void", h.Void)
	http.HandleFunc("POST /policies/{id}/close", h.Close)
	http.HandleFunc("POST /policies/{id}/suspension", h.Suspend)
	http.HandleFunc("POST /policies/{id}/reinstatement", h.Reinstate)
	http.HandleFunc("POST /policies/{id}/resumption", h.Resume)
	http.HandleFunc("POST /policies/{id}/withdrawal", h.Withdraw)
	http.HandleFunc("POST /policies/{id}/reminder", h.Remind)
	http.ListenAndServe(":8080", nil)
}
