package httpapi

import (
	"net/http"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

func (s *Server) pay(method string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in service.PayInput
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		in.InvoiceID = vars(r, "invoiceID")
		in.Key = httpx.IdempotencyKey(r)
		p, err := s.Payments.PayInvoice(r.Context(), method, in)
		if err != nil {
			return err
		}
		status := http.StatusCreated
		if p.Status == domain.PaymentFailed {
			status = http.StatusPaymentRequired
		}
		httpx.JSON(w, status, p)
		return nil
	}
}

func (s *Server) payByCard(w http.ResponseWriter, r *http.Request) error {
	return s.pay(domain.MethodCard)(w, r)
}

func (s *Server) payByACH(w http.ResponseWriter, r *http.Request) error {
	return s.pay(domain.MethodACH)(w, r)
}

func (s *Server) issueCreditMemo(w http.ResponseWriter, r *http.Request) error {
	var in service.CreditMemoInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	in.IssuedBy = httpx.Actor(r)
	memo, err := s.Billing.IssueCreditMemo(r.Context(), vars(r, "invoiceID"), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, memo)
	return nil
}

func (s *Server) refundPayment(w http.ResponseWriter, r *http.Request) error {
	var in service.RefundInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	ref, err := s.Payments.Refund(r.Context(), vars(r, "paymentID"), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, ref)
	return nil
}

type attachCardRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func (s *Server) attachCard(w http.ResponseWriter, r *http.Request) error {
	var in attachCardRequest
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := s.Payments.AttachCard(r.Context(), vars(r, "customerID"), in.PaymentMethodID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) submitMileageClaim(w http.ResponseWriter, r *http.Request) error {
	var in service.MileageClaimInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	c, err := s.Billing.SubmitMileageClaim(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, c)
	return nil
}
