// Command worker serves top-ups and runs reloads.
package main

import (
	"net/http"

	"example.com/wiredopts/api"
	"example.com/wiredopts/dc"
	"example.com/wiredopts/msgstore"
	"example.com/wiredopts/notify"
	"example.com/wiredopts/pay"
	"example.com/wiredopts/remind"
	"example.com/wiredopts/sentlog"
	"example.com/wiredopts/servers"
	"example.com/wiredopts/sms"
	"example.com/wiredopts/svc"
	"example.com/wiredopts/texts"
	"example.com/wiredopts/textwire"
	"github.com/hibiken/asynq"
)

func main() {
	s := &svc.Wallets{Gateway: pay.NewRetryingGateway(pay.NewStripeGateway("sk"))}
	http.HandleFunc("POST /topups", s.TopUp)
	http.HandleFunc("POST /gifts", s.Gift)
	mux := asynq.NewServeMux()
	mux.HandleFunc("wallet:reload", s.AutoReload)
	mux.HandleFunc("wallet:renew", s.Renew)
	rem := &remind.Reminders{N: &notify.Sender{API: &sms.Retrying{Next: &sms.Client{Base: "https://sms.example"}}, Log: &sentlog.Log{}}, Voice: &sms.Client{Base: "https://sms.example"}}
	mux.HandleFunc("remind", rem.Remind)
	mux.HandleFunc("confirm", rem.Confirm)
	mux.HandleFunc("ring", rem.Ring)
	mux.HandleFunc("ring/keyed", rem.RingKeyed)
	tj := &texts.Jobs{M: &textwire.Client{Base: "https://text.example", HTTP: http.DefaultClient}, Store: &msgstore.Store{}, N: &textwire.Client{Base: "https://text.example", HTTP: http.DefaultClient}}
	mux.HandleFunc("text", tj.Text)
	mux.HandleFunc("text/fresh", tj.TextFresh)
	mux.HandleFunc("text/bare", tj.TextBare)
	mux.HandleFunc("text/remind", tj.Remind)
	mux.HandleFunc("text/remind-once", tj.RemindOnce)
	mux.HandleFunc("text/note", tj.Note)
	mux.HandleFunc("text/tagged", tj.Tagged)
	asynq.NewServer(asynq.RedisClientOpt{}, asynq.Config{}).Run(mux)
	h := &api.Handlers{Servers: &servers.Service{DC: dc.New("https://dc.example")}}
	http.HandleFunc("POST /servers/{id}/snapshots", h.Snapshot)
	http.HandleFunc("POST /servers/{id}/snapshots/keyed", h.SnapshotKeyed)
	http.HandleFunc("POST /servers/{id}/licenses", h.License)
	http.ListenAndServe(":8080", nil)
}
