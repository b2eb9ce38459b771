package api

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/soundledger/royalties/internal/domain"
	"github.com/soundledger/royalties/internal/platform/httpx"
	"github.com/soundledger/royalties/internal/service/adjustments"
	"github.com/soundledger/royalties/internal/service/payouts"
)

func (h *Handler) createAdjustment(w http.ResponseWriter, r *http.Request) {
	var req adjustments.CreateRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, err)
		return
	}
	req.CreatedBy = actorFrom(r.Context())
	out, err := h.Adjustments.Create(r.Context(), r.Header.Get("Idempotency-Key"), req)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	if out.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(out.Status)
	_, _ = w.Write(out.Body)
}

type scheduleRunBody struct {
	Period string `json:"period"`
}

func (h *Handler) scheduleRun(w http.ResponseWriter, r *http.Request) {
	var body scheduleRunBody
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, err)
		return
	}
	period, err := domain.ParsePeriod(body.Period)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	res, err := h.Statements.ScheduleRun(r.Context(), period)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, map[string]any{
		"period":         period,
		"job_id":         res.JobID,
		"already_queued": res.UniqueSkipped,
	})
}

func (h *Handler) getStatement(w http.ResponseWriter, r *http.Request) {
	stmt, err := h.Statements.Get(r.Context(), chi.URLParam(r, "statementID"))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, stmt)
}

func (h *Handler) approveStatement(w http.ResponseWriter, r *http.Request) {
	stmt, err := h.Statements.Approve(r.Context(), chi.URLParam(r, "statementID"))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, stmt)
}

func (h *Handler) voidStatement(w http.ResponseWriter, r *http.Request) {
	stmt, err := h.Statements.Void(r.Context(), chi.URLParam(r, "statementID"), actorFrom(r.Context()))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, stmt)
}

func (h *Handler) resendStatement(w http.ResponseWriter, r *http.Request) {
	if err := h.Statements.Resend(r.Context(), chi.URLParam(r, "statementID")); err != nil {
		httpx.Error(w, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

func (h *Handler) manualPayout(w http.ResponseWriter, r *http.Request) {
	var req payouts.ManualRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, err)
		return
	}
	req.RequestedBy = actorFrom(r.Context())
	p, err := h.Payouts.ManualTransfer(r.Context(), req)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, p)
}

func (h *Handler) getPayout(w http.ResponseWriter, r *http.Request) {
	p, err := h.Payouts.Get(r.Context(), chi.URLParam(r, "payoutID"))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, p)
}

func (h *Handler) retryPayout(w http.ResponseWriter, r *http.Request) {
	p, err := h.Payouts.RetryBankPayout(r.Context(), chi.URLParam(r, "payoutID"), actorFrom(r.Context()))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, p)
}

func (h *Handler) cancelPayout(w http.ResponseWriter, r *http.Request) {
	p, err := h.Payouts.Cancel(r.Context(), chi.URLParam(r, "payoutID"), actorFrom(r.Context()))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, p)
}
