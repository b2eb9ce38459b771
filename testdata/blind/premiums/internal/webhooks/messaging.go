package webhooks

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/pawsure/premiums/internal/service/notify"
)

type receiptPayload struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	ErrorCode string `json:"error_code"`
}

// MessagingReceipts handles POST /webhooks/messaging/receipts.
func MessagingReceipts(svc notify.Service, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := readBody(r)
		if err != nil {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		var batch []receiptPayload
		if err := json.Unmarshal(body, &batch); err != nil {
			reply(w, http.StatusBadRequest, nil)
			return
		}
		for _, p := range batch {
			raw, _ := json.Marshal(p)
			if err := svc.ApplyReceipt(r.Context(), notify.Receipt{
				ProviderMessageID: p.MessageID,
				Status:            p.Status,
				ErrorCode:         p.ErrorCode,
				Raw:               raw,
			}); err != nil {
				log.Error("delivery receipt failed", "message_id", p.MessageID, "err", err)
				reply(w, http.StatusInternalServerError, nil)
				return
			}
		}
		reply(w, http.StatusNoContent, nil)
	}
}
