package httpapi

import (
	"net/http"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/services/fees"
	"github.com/tenantlens/screening/internal/services/letters"
)

func (s *Server) startIdentity(w http.ResponseWriter, r *http.Request) {
	v, err := s.d.Identity.Start(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

type orderReportsRequest struct {
	ReportTypes []string `json:"report_types"`
}

func (s *Server) orderReports(w http.ResponseWriter, r *http.Request) {
	var in orderReportsRequest
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	orders, err := s.d.Reports.Order(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"), in.ReportTypes)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"orders": orders})
}

func (s *Server) listOrders(w http.ResponseWriter, r *http.Request) {
	orders, err := s.d.Reports.Orders(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if orders == nil {
		orders = []domain.ReportOrder{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"orders": orders})
}

type chargeFeeRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

func (s *Server) chargeFee(w http.ResponseWriter, r *http.Request) {
	var in chargeFeeRequest
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	fee, err := s.d.Fees.Charge(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"), in.PaymentMethodID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if fee.Status == domain.FeeFailed {
		status = http.StatusPaymentRequired
	}
	writeJSON(w, status, fee)
}

func (s *Server) refundFee(w http.ResponseWriter, r *http.Request) {
	var in fees.RefundInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	refund, err := s.d.Fees.Refund(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"),
		r.Header.Get("Idempotency-Key"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, refund)
}

func (s *Server) decide(w http.ResponseWriter, r *http.Request) {
	var in letters.DecisionInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	app, queued, err := s.d.Letters.Decide(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if queued == nil {
		queued = []domain.Letter{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"application": app, "letters": queued})
}

func (s *Server) listLetters(w http.ResponseWriter, r *http.Request) {
	ls, err := s.d.Letters.Letters(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if ls == nil {
		ls = []domain.Letter{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"letters": ls})
}
