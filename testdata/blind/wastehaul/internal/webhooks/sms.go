package webhooks

import (
	"encoding/xml"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/providers/sms"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
)

// SMSReceiver handles Textwire inbound messages and delivery receipts.
// Textwire retries a callback up to five times on non-2xx or timeout.
type SMSReceiver struct {
	secret  string
	baseURL string
	svc     dispatch.Service
	log     *slog.Logger
}

// NewSMSReceiver returns the receiver. baseURL is the public origin used to
// rebuild the signed URL.
func NewSMSReceiver(secret, baseURL string, svc dispatch.Service, log *slog.Logger) *SMSReceiver {
	return &SMSReceiver{secret: secret, baseURL: baseURL, svc: svc, log: log}
}

// Register implements api.Routes.
func (s *SMSReceiver) Register(r chi.Router) {
	r.Route("/webhooks/textwire", func(r chi.Router) {
		r.Use(s.verify)
		r.Method(http.MethodPost, "/inbound", httpx.Handler(s.inbound))
		r.Method(http.MethodPost, "/status", httpx.Handler(s.status))
	})
}

func (s *SMSReceiver) verify(next http.Handler) http.Handler {
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		if err := r.ParseForm(); err != nil {
			return httpx.BadRequest("invalid form: %v", err)
		}
		if !sms.ValidSignature(s.secret, s.baseURL+r.URL.RequestURI(), r.Header.Get("X-Textwire-Signature"), r.PostForm) {
			return httpx.Unauthorized("bad signature")
		}
		next.ServeHTTP(w, r)
		return nil
	})
}

type twiml struct {
	XMLName xml.Name `xml:"Response"`
	Message string   `xml:"Message,omitempty"`
}

func (s *SMSReceiver) inbound(w http.ResponseWriter, r *http.Request) error {
	in := sms.ParseInbound(r.PostForm)
	reply, err := s.svc.HandleInbound(r.Context(), in)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusOK)
	return xml.NewEncoder(w).Encode(twiml{Message: reply})
}

func (s *SMSReceiver) status(w http.ResponseWriter, r *http.Request) error {
	if err := s.svc.RecordStatus(r.Context(), sms.ParseStatus(r.PostForm)); err != nil {
		return err
	}
	return httpx.NoContent(w)
}
