package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/google/uuid"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/documents"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/httpx"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/repository/pg"
	"github.com/harborline/claims/internal/reserves"
)

// ErrorTable maps domain errors to HTTP statuses.
func ErrorTable() *httpx.ErrorMapper {
	return httpx.NewErrorMapper(
		httpx.ErrorMapping{Target: claims.ErrNotFound, Status: http.StatusNotFound, Code: "claim_not_found"},
		httpx.ErrorMapping{Target: pg.ErrClaimNotFound, Status: http.StatusNotFound, Code: "claim_not_found"},
		httpx.ErrorMapping{Target: claims.ErrClaimClosed, Status: http.StatusConflict, Code: "claim_closed"},
		httpx.ErrorMapping{Target: claims.ErrAdjusterInactive, Status: http.StatusUnprocessableEntity, Code: "adjuster_inactive"},
		httpx.ErrorMapping{Target: claims.ErrIdempotencyMismatch, Status: http.StatusUnprocessableEntity, Code: "idempotency_key_reused"},
		httpx.ErrorMapping{Target: claims.ErrInvalid, Status: http.StatusBadRequest, Code: "invalid"},
		httpx.ErrorMapping{Target: reserves.ErrClaimNotFound, Status: http.StatusNotFound, Code: "claim_not_found"},
		httpx.ErrorMapping{Target: reserves.ErrClaimClosed, Status: http.StatusConflict, Code: "claim_closed"},
		httpx.ErrorMapping{Target: reserves.ErrNegativeResult, Status: http.StatusUnprocessableEntity, Code: "negative_reserve"},
		httpx.ErrorMapping{Target: payouts.ErrClaimNotPayable, Status: http.StatusConflict, Code: "claim_not_payable"},
		httpx.ErrorMapping{Target: payouts.ErrNoDestination, Status: http.StatusUnprocessableEntity, Code: "no_connected_account"},
		httpx.ErrorMapping{Target: repairs.ErrNotFound, Status: http.StatusNotFound, Code: "booking_not_found"},
		httpx.ErrorMapping{Target: repairs.ErrBookingNotReady, Status: http.StatusConflict, Code: "booking_not_confirmed"},
		httpx.ErrorMapping{Target: repairs.ErrClaimClosed, Status: http.StatusConflict, Code: "claim_closed"},
		httpx.ErrorMapping{Target: documents.ErrEmpty, Status: http.StatusBadRequest, Code: "empty_upload"},
		httpx.ErrorMapping{Target: documents.ErrUnsupported, Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type"},
	)
}

// Handlers bundles every handler struct.
type Handlers struct {
	Claims    *ClaimsHandler
	Reserves  *ReservesHandler
	Payouts   *PayoutsHandler
	Repairs   *RepairsHandler
	Documents *DocumentsHandler
	Webhooks  *WebhooksHandler
}

// NewRouter mounts all routes.
func NewRouter(a *httpx.Adapter, h Handlers, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RealIP)
	r.Use(httpx.RequestID)
	r.Use(httpx.AccessLog(slog.LevelInfo))
	r.Use(middleware.Recoverer)
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })

	r.Route("/v1", func(r chi.Router) {
		r.With(httpx.RequireIdempotencyKey).Post("/fnol", httpx.JSON(a, h.Claims.ReportLoss, httpx.WithStatus(http.StatusCreated)))
		r.Route("/claims/{claimID}", func(r chi.Router) {
			r.Get("/", httpx.JSON(a, h.Claims.Get, httpx.WithoutBody()))
			r.Post("/assignments", httpx.JSON(a, h.Claims.Assign, httpx.WithStatus(http.StatusCreated)))
			r.Post("/close", httpx.JSON(a, h.Claims.Close))
			r.Post("/reopen", httpx.JSON(a, h.Claims.Reopen))
			r.Post("/reserves", httpx.JSON(a, h.Reserves.Change, httpx.WithStatus(http.StatusCreated)))
			r.With(httpx.RequireIdempotencyKey).Post("/payouts", httpx.JSON(a, h.Payouts.Request, httpx.WithStatus(http.StatusAccepted)))
			r.Post("/repair-bookings", httpx.JSON(a, h.Repairs.RequestBooking, httpx.WithStatus(http.StatusAccepted)))
			r.Post("/documents", h.Documents.Upload)
		})
		r.Post("/repair-bookings/{bookingID}/supplements", httpx.JSON(a, h.Repairs.AuthorizeSupplement))
		r.Post("/webhooks/stripe", h.Webhooks.Stripe)
		r.Post("/webhooks/repairshop", h.Webhooks.RepairShop)
	})
	log.Debug("http routes mounted")
	return r
}

func pathUUID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(chi.URLParam(r, name))
	if err != nil {
		return uuid.Nil, httpx.BadRequest("invalid %s", name)
	}
	return id, nil
}
