// Command worker serves top-ups and runs reloads.
package main

import (
	"net/http"

	"example.com/wiredopts/pay"
	"example.com/wiredopts/svc"
	"github.com/hibiken/asynq"
)

func main() {
	s := &svc.Wallets{Gateway: pay.NewRetryingGateway(pay.NewStripeGateway("sk"))}
	http.HandleFunc("POST /topups", s.TopUp)
	http.HandleFunc("POST /gifts", s.Gift)
	mux := asynq.NewServeMux()
	mux.HandleFunc("wallet:reload", s.AutoReload)
	mux.HandleFunc("wallet:renew", s.Renew)
	asynq.NewServer(asynq.RedisClientOpt{}, asynq.Config{}).Run(mux)
	http.ListenAndServe(":8080", nil)
}
