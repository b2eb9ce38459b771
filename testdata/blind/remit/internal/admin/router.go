// Package admin is the operations HTTP API used by the compliance and
// payments-operations back office.
package admin

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"github.com/sendhome/remit/internal/compliance"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/disburse"
	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/httpx"
	"github.com/sendhome/remit/internal/settlement"
)

type Handler struct {
	compliance compliance.Service
	disburse   disburse.Service
	settlement settlement.Store
	tokens     []string
	log        *slog.Logger
}

func NewHandler(c compliance.Service, d disburse.Service, st settlement.Store, cfg *config.Config, log *slog.Logger) *Handler {
	return &Handler{compliance: c, disburse: d, settlement: st, tokens: cfg.AdminTokens, log: log}
}

// Mount registers the admin routes under /admin.
func (h *Handler) Mount(r *mux.Router) {
	s := r.PathPrefix("/admin").Subrouter()
	s.Use(h.operatorAuth)
	s.HandleFunc("/holds", h.placeHold).Methods(http.MethodPost)
	s.HandleFunc("/holds/{holdID}/release", h.releaseHold).Methods(http.MethodPost)
	s.HandleFunc("/payouts/{payoutID}/resubmit", h.resubmitPayout).Methods(http.MethodPost)
	s.HandleFunc("/payouts/{payoutID}/reroute", h.reroutePayout).Methods(http.MethodPost)
	s.HandleFunc("/settlements/{partner}/{date}/close", h.closeSettlement).Methods(http.MethodPost)
}

type operatorKey struct{}

func (h *Handler) operatorAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		ok := false
		for _, t := range h.tokens {
			if subtle.ConstantTimeCompare([]byte(t), []byte(tok)) == 1 {
				ok = true
			}
		}
		if !ok || tok == "" {
			httpx.JSON(w, http.StatusUnauthorized, map[string]string{"error": "unauthorized"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func operator(r *http.Request) string {
	if v := r.Header.Get("X-Operator"); v != "" {
		return v
	}
	return "ops"
}

func pathID(r *http.Request, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(mux.Vars(r)[name])
	if err != nil {
		return uuid.Nil, domain.Invalidf("%s is not a valid id", name)
	}
	return id, nil
}

type placeHoldBody struct {
	TransferID string `json:"transfer_id"`
	Reason     string `json:"reason"`
	Notes      string `json:"notes"`
}

func (h *Handler) placeHold(w http.ResponseWriter, r *http.Request) {
	var body placeHoldBody
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, err)
		return
	}
	tid, err := uuid.Parse(body.TransferID)
	if err != nil || body.Reason == "" {
		httpx.Error(w, domain.Invalidf("transfer_id and reason are required"))
		return
	}
	hold, err := h.compliance.PlaceHold(r.Context(), tid, body.Reason, operator(r), body.Notes)
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, hold)
}

func (h *Handler) releaseHold(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "holdID")
	if err != nil {
		httpx.Error(w, err)
		return
	}
	hold, err := h.compliance.ReleaseHold(r.Context(), id, operator(r))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, hold)
}

func (h *Handler) resubmitPayout(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "payoutID")
	if err != nil {
		httpx.Error(w, err)
		return
	}
	p, err := h.disburse.Resubmit(r.Context(), id, operator(r))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, p)
}

type rerouteBody struct {
	Partner string `json:"partner"`
}

func (h *Handler) reroutePayout(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "payoutID")
	if err != nil {
		httpx.Error(w, err)
		return
	}
	var body rerouteBody
	if err := httpx.Decode(r, &body); err != nil {
		httpx.Error(w, err)
		return
	}
	p, err := h.disburse.Reroute(r.Context(), id, body.Partner, operator(r))
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, p)
}

func (h *Handler) closeSettlement(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	day, err := time.Parse("2006-01-02", vars["date"])
	if err != nil {
		httpx.Error(w, domain.Invalidf("date must be YYYY-MM-DD"))
		return
	}
	positions, err := h.settlement.ClosePositions(r.Context(), vars["partner"], day)
	if err == settlement.ErrUnreconciled {
		httpx.JSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
		return
	}
	if err != nil {
		httpx.Error(w, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"partner": vars["partner"], "date": vars["date"], "positions": positions})
}
