package webhooks

import (
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/provider/bank"
	"github.com/pawsure/premiums/internal/provider/vetnet"
	"github.com/pawsure/premiums/internal/service/billing"
	"github.com/pawsure/premiums/internal/service/claims"
	"github.com/pawsure/premiums/internal/service/notify"
	"github.com/pawsure/premiums/internal/service/partners"
	"github.com/pawsure/premiums/internal/service/payouts"
)

type Services struct {
	Claims   claims.Service
	Partners partners.Service
	Payouts  payouts.Service
	Billing  billing.Service
	Notify   notify.Service
	Log      *slog.Logger

	VetNetSecret        string
	BankSigningKey      string
	StripeWebhookSecret string
}

// Mount registers all inbound callbacks.
func Mount(r *mux.Router, s Services) {
	vn := r.PathPrefix("/partners/vetnet").Subrouter()
	vn.Use(Signed("X-VetNet-Signature", func(b []byte, sig string) bool {
		return vetnet.VerifySignature(s.VetNetSecret, b, sig)
	}, s.Log))
	vn.HandleFunc("/events", VetNetEvents(s.Claims, s.Partners, s.Log)).Methods(http.MethodPost)

	bk := r.PathPrefix("/partners/bank").Subrouter()
	bk.Use(Signed("X-Bank-Signature", func(b []byte, sig string) bool {
		return bank.VerifySignature(s.BankSigningKey, b, sig)
	}, s.Log))
	bk.HandleFunc("/transfer-status", BankTransferStatus(s.Payouts, s.Log)).Methods(http.MethodPost)

	r.HandleFunc("/webhooks/stripe", StripeEvents(s.Billing, s.StripeWebhookSecret, s.Log)).Methods(http.MethodPost)
	r.HandleFunc("/webhooks/messaging/receipts", MessagingReceipts(s.Notify, s.Log)).Methods(http.MethodPost)
}
