package resellerhttp

import (
	"encoding/json"
	"net/http"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/reseller"
)

type issueVouchersRequest struct {
	ValueCents int64 `json:"value_cents"`
	Quantity   int   `json:"quantity"`
}

func (s *Server) issueVouchers(w http.ResponseWriter, r *http.Request) {
	resellerID, _ := ResellerFrom(r.Context())
	var req issueVouchersRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid body")
		return
	}
	lot, err := s.wallets.IssueVouchers(r.Context(), reseller.IssueVouchersCommand{
		ResellerID: resellerID,
		ValueCents: req.ValueCents,
		Quantity:   req.Quantity,
	})
	if err != nil {
		writeError(w, statusFor(err), err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, lot)
}

type directTopUpRequest struct {
	MSISDN      string `json:"msisdn"`
	Operator    string `json:"operator"`
	AmountCents int64  `json:"amount_cents"`
}

func (s *Server) directTopUp(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	resellerID, _ := ResellerFrom(ctx)
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, http.StatusBadRequest, "Idempotency-Key header is required")
		return
	}
	if rec, err := s.idem.Lookup(ctx, s.db, resellerID, key); err != nil {
		writeError(w, http.StatusInternalServerError, "idempotency lookup failed")
		return
	} else if rec != nil {
		w.Header().Set("Idempotent-Replayed", "true")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rec.StatusCode)
		_, _ = w.Write(rec.Response)
		return
	}

	var req directTopUpRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid body")
		return
	}
	res, err := s.wallets.DirectTopUp(ctx, reseller.DirectTopUpCommand{
		ResellerID:     resellerID,
		IdempotencyKey: key,
		MSISDN:         req.MSISDN,
		Operator:       req.Operator,
		AmountCents:    req.AmountCents,
	})
	if err != nil {
		writeError(w, statusFor(err), err.Error())
		return
	}

	body, _ := json.Marshal(res)
	if err := s.idem.Store(ctx, s.db, domain.IdempotencyRecord{
		ResellerID: resellerID,
		Key:        key,
		StatusCode: http.StatusCreated,
		Response:   body,
	}); err != nil {
		s.log.Warn("store idempotency record", "reseller", resellerID, "err", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(body)
}
