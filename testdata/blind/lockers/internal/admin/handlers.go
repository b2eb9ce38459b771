// Package admin is the operations HTTP API: site onboarding, maintenance,
// money corrections and forced returns.
package admin

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/quayside/lockers/internal/billing"
	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/fleet"
	"github.com/quayside/lockers/internal/hosts"
	"github.com/quayside/lockers/internal/returns"
	"github.com/quayside/lockers/internal/store"
)

type HostAdjuster interface {
	Add(ctx context.Context, in hosts.AdjustmentInput) (hosts.Adjustment, error)
}

type ReturnForcer interface {
	ForceReturn(ctx context.Context, parcelID, requestedBy string) (returns.ForceResult, error)
}

type CreditIssuer interface {
	Issue(ctx context.Context, in billing.CreditNoteInput) (billing.CreditNoteResult, error)
}

type BalanceAdjuster interface {
	Apply(ctx context.Context, in billing.BalanceAdjustmentInput) (int64, error)
}

// Deps are the services behind the admin API.
type Deps struct {
	Sites    fleet.SiteService
	Hosts    HostAdjuster
	Returns  ReturnForcer
	Credits  CreditIssuer
	Balances BalanceAdjuster
	Keys     store.IdempotencyRepository
	Token    string
	Log      *slog.Logger
}

type route struct {
	pattern string
	handler http.HandlerFunc
	mws     []Middleware
}

// NewRouter wires the admin routes.
func NewRouter(d Deps) http.Handler {
	h := &handlers{d: d}
	idem := IdempotentRequests(d.Keys, d.Log)

	routes := []route{
		{"POST /admin/lockers", h.registerLocker, []Middleware{idem}},
		{"POST /admin/compartments/{id}/maintenance", h.startMaintenance, nil},
		{"POST /admin/hosts/{id}/adjustments", h.addHostAdjustment, nil},
		{"POST /admin/parcels/{id}/force-return", h.forceReturn, nil},
		{"POST /admin/partners/{id}/credit-notes", h.issueCreditNote, nil},
		{"POST /admin/partners/{id}/balance-adjustments", h.adjustBalance, []Middleware{idem}},
	}

	mux := http.NewServeMux()
	auth := RequireToken(d.Token)
	for _, rt := range routes {
		mws := append([]Middleware{auth}, rt.mws...)
		mux.Handle(rt.pattern, chain(rt.handler, mws...))
	}
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.Handle("GET /metrics", promhttp.Handler())
	return AccessLog(d.Log)(mux)
}

type handlers struct {
	d Deps
}

func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(nil, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errors.Join(domain.ErrInvalidArgument, err)
	}
	return nil
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func (h *handlers) fail(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, domain.ErrInvalidArgument):
		writeError(w, http.StatusBadRequest, err.Error())
	case errors.Is(err, domain.ErrInvalidState), errors.Is(err, domain.ErrConflict):
		writeError(w, http.StatusConflict, err.Error())
	default:
		h.d.Log.ErrorContext(r.Context(), "admin handler", "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}

func (h *handlers) registerLocker(w http.ResponseWriter, r *http.Request) {
	var in fleet.RegisterLockerInput
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	l, created, err := h.d.Sites.RegisterLocker(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]any{"id": l.ID, "site_code": l.SiteCode, "created_at": l.CreatedAt})
}

func (h *handlers) startMaintenance(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.d.Sites.StartMaintenance(r.Context(), r.PathValue("id"), in.Reason); err != nil {
		h.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *handlers) addHostAdjustment(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	adj, err := h.d.Hosts.Add(r.Context(), hosts.AdjustmentInput{
		HostID:      r.PathValue("id"),
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		CreatedBy:   operatorFrom(r.Context()),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, adj)
}

func (h *handlers) forceReturn(w http.ResponseWriter, r *http.Request) {
	res, err := h.d.Returns.ForceReturn(r.Context(), r.PathValue("id"), operatorFrom(r.Context()))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, res)
}

func (h *handlers) issueCreditNote(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	note, err := h.d.Credits.Issue(r.Context(), billing.CreditNoteInput{
		PartnerID:   r.PathValue("id"),
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		IssuedBy:    operatorFrom(r.Context()),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, note)
}

func (h *handlers) adjustBalance(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AmountCents int64  `json:"amount_cents"`
		Reason      string `json:"reason"`
	}
	if err := decode(r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	id, err := h.d.Balances.Apply(r.Context(), billing.BalanceAdjustmentInput{
		PartnerID:   r.PathValue("id"),
		AmountCents: in.AmountCents,
		Reason:      in.Reason,
		CreatedBy:   operatorFrom(r.Context()),
	})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]int64{"adjustment_id": id})
}
