package webhooks

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/pawsure/premiums/internal/service/payouts"
)

// BankTransferStatus handles POST /partners/bank/transfer-status. The bank
// partner retries until it gets a 2xx.
func BankTransferStatus(svc payouts.Service, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		var evt payouts.TransferStatusEvent
		if err := json.Unmarshal(body, &evt); err != nil || evt.TransferID == "" {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		if err := svc.HandleTransferStatus(r.Context(), evt); err != nil {
			log.Error("transfer status failed", "transfer_id", evt.TransferID, "status", evt.Status, "err", err)
			reply(w, http.StatusInternalServerError, nil)
			return
		}
		reply(w, http.StatusOK, map[string]bool{"received": true})
	}
}
