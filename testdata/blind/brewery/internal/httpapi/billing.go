package httpapi

import (
	"net/http"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/service"
)

func getInvoice(svc InvoiceAPI) http.HandlerFunc {
	return withID("invoiceID", svc.Get, renderOK[domain.Invoice])
}

func resendInvoice(svc InvoiceAPI) http.HandlerFunc {
	return withID("invoiceID", svc.QueueResend, func(w http.ResponseWriter, _ *http.Request, inv domain.Invoice) {
		writeJSON(w, http.StatusAccepted, map[string]string{"invoice": inv.Number, "status": "queued"})
	})
}

func payInvoice(svc PaymentAPI) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := uuidParam(r, "invoiceID")
		if err != nil {
			writeError(w, r, err)
			return
		}
		key, err := idempotencyKey(r)
		if err != nil {
			writeError(w, r, err)
			return
		}
		var in service.PayInput
		if _, err := decodeJSON(r, &in); err != nil {
			writeError(w, r, err)
			return
		}
		p, err := svc.PayInvoice(r.Context(), id, key, in)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusAccepted, p)
	}
}
