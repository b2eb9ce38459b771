package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/platform/httpx"
)

func submitApplication(svc ApplicationService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in applications.SubmitInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		app, err := svc.Submit(r.Context(), uuid.New(), in)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		w.Header().Set("Location", "/v1/applications/"+app.ID.String())
		httpx.JSON(w, http.StatusCreated, app)
	}
}

func getApplication(svc ApplicationService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		app, err := svc.Get(r.Context(), id)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, app)
	}
}

func payApplication(svc PaymentService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		var in payments.PayInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		res, err := svc.PayOnline(r.Context(), id, in)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusAccepted, res)
	}
}

func getPermit(svc PermitService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		p, err := svc.Get(r.Context(), id)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, p)
	}
}

type replacementRequest struct {
	Reason string `json:"reason"`
}

func replacePermit(svc PermitService, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := httpx.UUIDParam(r, "id")
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		var req replacementRequest
		if err := httpx.Decode(r, &req); err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		if req.Reason == "" {
			req.Reason = "lost"
		}
		p, err := svc.Replace(r.Context(), id, req.Reason)
		if err != nil {
			httpx.Error(log, w, r, err)
			return
		}
		httpx.JSON(w, http.StatusCreated, p)
	}
}
