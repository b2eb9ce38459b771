package adminhttp

import (
	"encoding/json"
	"net/http"

	"github.com/skyhop-logistics/dronedelivery/internal/service/billing"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

const creditScope = "admin.credits"

type creditRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

type creditResponse struct {
	CreditNoteID string `json:"credit_note_id"`
	MerchantID   string `json:"merchant_id"`
	AmountCents  int64  `json:"amount_cents"`
}

// issueCredit grants account credit. Finance tooling sends an Idempotency-Key
// so a double-submitted form does not credit twice.
func (a *API) issueCredit(w http.ResponseWriter, r *http.Request) {
	merchantID, ok := pathUUID(r, "id")
	if !ok {
		writeError(w, http.StatusBadRequest, "invalid merchant id")
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		writeError(w, http.StatusBadRequest, "Idempotency-Key header required")
		return
	}
	cached, err := a.deps.Idempotency.Lookup(r.Context(), creditScope, key)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "idempotency lookup failed")
		return
	}
	if cached != nil {
		w.Header().Set("Idempotent-Replayed", "true")
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(cached.StatusCode)
		_, _ = w.Write(cached.Body)
		return
	}

	var req creditRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	note, err := a.deps.IssueCredit.Handle(r.Context(), billing.IssueCreditCmd{
		MerchantID:  merchantID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		IssuedBy:    operator(r),
	})
	if err != nil {
		writeError(w, statusFor(err), err.Error())
		return
	}
	resp := creditResponse{
		CreditNoteID: note.ID.String(),
		MerchantID:   note.MerchantID.String(),
		AmountCents:  note.AmountCents,
	}
	body, _ := json.Marshal(resp)
	if err := a.deps.Idempotency.Save(r.Context(), creditScope, key, store.StoredResponse{
		StatusCode: http.StatusCreated,
		Body:       body,
	}); err != nil {
		a.log.WarnContext(r.Context(), "save idempotency key", "key", key, "err", err)
	}
	writeJSON(w, http.StatusCreated, resp)
}
