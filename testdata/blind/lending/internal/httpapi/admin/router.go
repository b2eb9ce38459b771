// Package admin is the back-office API used by the operations console.
package admin

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/httpapi/httpx"
	"github.com/brightpay/lending/internal/service/disbursement"
	"github.com/brightpay/lending/internal/service/fees"
	"github.com/brightpay/lending/internal/service/loans"
	"github.com/brightpay/lending/internal/service/repayments"
)

type API struct {
	disbursement disbursement.Service
	repayments   repayments.Service
	fees         fees.Service
	loans        loans.Service
	log          *zap.Logger
}

func New(d disbursement.Service, r repayments.Service, f fees.Service, l loans.Service, log *zap.Logger) *API {
	return &API{disbursement: d, repayments: r, fees: f, loans: l, log: log}
}

type route struct {
	method  string
	pattern string
	handle  httpx.HandlerFunc
}

func (a *API) routes() []route {
	return []route{
		{http.MethodPost, "/loans/{loanID}/payouts/reissue", a.reissuePayout},
		{http.MethodPost, "/loans/{loanID}/overpayment-refunds", a.refundOverpayment},
		{http.MethodPost, "/loans/{loanID}/fees/{feeID}/waive", a.waiveFee},
		{http.MethodPost, "/loans/{loanID}/adjustments", a.adjustBalance},
		{http.MethodPost, "/loans/{loanID}/reschedule", a.reschedule},
	}
}

// Routes returns the admin router. It sits behind the SSO proxy, which sets
// X-Admin-User.
func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.Recoverer)
	r.Use(requireOperator)
	for _, rt := range a.routes() {
		r.Method(rt.method, rt.pattern, httpx.Wrap(a.log, rt.handle))
	}
	return r
}

type actorKey struct{}

func actor(ctx context.Context) string {
	s, _ := ctx.Value(actorKey{}).(string)
	return s
}

func requireOperator(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user := r.Header.Get("X-Admin-User")
		if user == "" {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), actorKey{}, user)))
	})
}
