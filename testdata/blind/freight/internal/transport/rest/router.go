// Package rest is the public REST API of freightd.
package rest

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/acme/freight/internal/httpx"
)

// NewRouter mounts every handler group on a chi router.
func NewRouter(sh *ShipmentHandlers, lh *LabelHandlers, dh *DockHandlers, bh *BillingHandlers) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.Route("/shipments", func(r chi.Router) {
			r.Post("/", sh.Create())
			r.Post("/import", sh.Import())
			r.Route("/{shipmentID}", func(r chi.Router) {
				r.Put("/consignee", sh.UpdateConsignee())
				r.Post("/cancel", sh.Cancel())
				r.Post("/labels", lh.PurchaseParcelCo())
				r.Post("/labels/swift", lh.PurchaseSwift())
				r.Post("/return-label", lh.ReturnLabel())
				r.Post("/customs-declarations", lh.FileCustoms())
			})
		})
		r.Post("/pickups", lh.SchedulePickup())
		r.Post("/dock-reservations", dh.Reserve())
		r.Post("/dock-requests", dh.Request())
		r.Post("/customers/{customerID}/webhook-endpoints", bh.RegisterEndpoint())
	})

	r.Post("/webhooks/stripe", bh.StripeWebhook)
	return r
}

func requestLogger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		slog.InfoContext(r.Context(), "http",
			"method", r.Method, "path", r.URL.Path, "status", ww.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
			"request_id", middleware.GetReqID(r.Context()))
	})
}

// validator is implemented by request types that can check themselves.
type validator interface {
	Validate() error
}

// Empty is the request type of handlers that take no body.
type Empty struct{}

// Handle adapts a typed handler to an http.HandlerFunc: it decodes the JSON
// body into In, validates it, calls fn and writes the result with status.
func Handle[In any](status int, fn func(r *http.Request, in In) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if _, noBody := any(in).(Empty); !noBody {
			if err := httpx.DecodeJSON(w, r, &in); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			if v, ok := any(in).(validator); ok {
				if err := v.Validate(); err != nil {
					httpx.WriteError(w, r, err)
					return
				}
			}
		}
		out, err := fn(r, in)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		httpx.WriteJSON(w, status, out)
	}
}
