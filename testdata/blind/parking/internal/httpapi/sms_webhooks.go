package httpapi

import (
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/cityparking/parking/internal/domain"
	"github.com/cityparking/parking/internal/platform/logx"
	"github.com/cityparking/parking/internal/service"
	"github.com/cityparking/parking/internal/store"
)

// SMSWebhooks receives delivery receipts and driver replies from the SMS
// gateway. The gateway retries a callback until it gets a 2xx.
type SMSWebhooks struct {
	smsLog   store.SMSLogRepository
	inbound  store.InboundSMSRepository
	accounts store.AccountRepository
	sessions *service.SessionService
}

func NewSMSWebhooks(smsLog store.SMSLogRepository, inbound store.InboundSMSRepository,
	accounts store.AccountRepository, sessions *service.SessionService) *SMSWebhooks {
	return &SMSWebhooks{smsLog: smsLog, inbound: inbound, accounts: accounts, sessions: sessions}
}

type deliveryReceipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	ErrorCode string `json:"error_code,omitempty"`
}

func (h *SMSWebhooks) DeliveryReceipt(w http.ResponseWriter, r *http.Request) {
	var dr deliveryReceipt
	if err := decode(r, &dr); err != nil {
		badRequest(w, err.Error())
		return
	}
	status := strings.ToLower(dr.Status)
	switch status {
	case "accepted", "sent", "delivered", "failed", "rejected", "expired":
	default:
		badRequest(w, "unknown status")
		return
	}
	n, err := h.smsLog.UpdateStatusByProviderID(r.Context(), dr.MessageID, status)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if n == 0 {
		logx.From(r.Context()).Debug("receipt for unknown or finished message", "message_id", dr.MessageID)
	}
	w.WriteHeader(http.StatusNoContent)
}

type inboundMessage struct {
	MessageID  string    `json:"message_id"`
	From       string    `json:"from"`
	Text       string    `json:"text"`
	ReceivedAt time.Time `json:"received_at"`
}

var extendRe = regexp.MustCompile(`^EXTEND\s+(\d{1,3})$`)

// Inbound handles keyword replies such as "EXTEND 30".
func (h *SMSWebhooks) Inbound(w http.ResponseWriter, r *http.Request) {
	var msg inboundMessage
	if err := decode(r, &msg); err != nil {
		badRequest(w, err.Error())
		return
	}
	log := logx.From(r.Context()).With("sms_message_id", msg.MessageID)

	fresh, err := h.inbound.Claim(r.Context(), msg.MessageID, msg.From, msg.Text)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !fresh {
		log.Info("duplicate inbound sms ignored")
		w.WriteHeader(http.StatusNoContent)
		return
	}

	text := strings.ToUpper(strings.TrimSpace(msg.Text))
	m := extendRe.FindStringSubmatch(text)
	if m == nil {
		log.Info("inbound sms without a known keyword", "text", text)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	minutes, _ := strconv.Atoi(m[1])

	acct, err := h.accounts.GetByPhone(r.Context(), msg.From)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeError(w, r, err)
		return
	}
	sess, err := h.sessions.ExtendBy(r.Context(), acct.ID, time.Duration(minutes)*time.Minute)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) || errors.Is(err, domain.ErrNotActive) ||
			errors.Is(err, service.ErrMaxStayExceeded) {
			log.Info("sms extend rejected", "err", err)
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeError(w, r, err)
		return
	}
	log.Info("session extended by sms", "session_id", sess.ID, "expires_at", sess.ExpiresAt)
	w.WriteHeader(http.StatusNoContent)
}
