package webhooks

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// Receivers groups the webhook endpoints.
type Receivers struct {
	Stripe   *StripeReceiver
	RefLab   *RefLabReceiver
	Pharmacy *PharmacyReceiver
	SMS      *SMSStatusReceiver
}

func NewRouter(rc Receivers) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(20 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Route("/webhooks", func(r chi.Router) {
		r.Method(http.MethodPost, "/stripe", rc.Stripe)
		r.Method(http.MethodPost, "/reflab/results", rc.RefLab)
		r.Method(http.MethodPost, "/pharmacy", rc.Pharmacy)
		r.Method(http.MethodPost, "/sms/status", rc.SMS)
	})
	return r
}
