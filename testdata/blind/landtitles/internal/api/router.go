// Package api is the HTTP surface of the title and escrow service.
package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/cobaltmesa/titleworks/internal/httpmw"
)

// Services bundles what the handlers call; main builds it with wire.
type Services struct {
	Orders      OrderService
	Searches    SearchService
	Liens       LienService
	Escrow      EscrowService
	Closings    ClosingService
	BankEvents  BankEventHandler
	Responses   httpmw.ResponseStore
	WebhookKeys WebhookKeys
}

// WebhookKeys holds the shared secrets partners sign callbacks with.
type WebhookKeys struct {
	Bank  string
	Plant string
}

// NewRouter registers every route.
func NewRouter(s Services) http.Handler {
	mux := http.NewServeMux()

	mux.HandleFunc("POST /v1/orders", createOrder(s.Orders))
	mux.HandleFunc("GET /v1/orders/{orderID}", getOrder(s.Orders))
	mux.HandleFunc("POST /v1/orders/{orderID}/title-searches", orderSearch(s.Searches))
	mux.HandleFunc("POST /v1/orders/{orderID}/liens", addManualLien(s.Liens))
	mux.HandleFunc("POST /v1/liens/{lienID}/payoff-requests", requestPayoff(s.Liens))
	mux.HandleFunc("POST /v1/liens/{lienID}/release", releaseLien(s.Liens))

	mux.HandleFunc("POST /v1/escrow/accounts/{accountID}/deposits", recordDeposit(s.Escrow))
	mux.HandleFunc("POST /v1/escrow/accounts/{accountID}/holds", placeHold(s.Escrow))

	mux.HandleFunc("POST /v1/closings/{closingID}/funding", startFunding(s.Closings))
	mux.HandleFunc("POST /v1/closings/{closingID}/settlement", settleClosing(s.Closings))
	mux.HandleFunc("POST /v1/closings/{closingID}/recording", startRecording(s.Closings))
	mux.HandleFunc("POST /v1/closings/{closingID}/notices",
		httpmw.Replay(s.Responses, "closing_notices", sendNotices(s.Closings)))

	mux.HandleFunc("POST /v1/webhooks/bank", bankWebhook(s.BankEvents, s.WebhookKeys.Bank))
	mux.HandleFunc("POST /v1/webhooks/title-plant", plantWebhook(s.Searches, s.WebhookKeys.Plant))

	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	return logRequests(mux)
}

func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		slog.DebugContext(r.Context(), "http", "method", r.Method, "path", r.URL.Path, "took", time.Since(start))
	})
}
