package api

import (
	"net/http"

	"github.com/lenslane/photomarket/internal/accounts"
	"github.com/lenslane/photomarket/internal/booking"
	"github.com/lenslane/photomarket/internal/httpx"
	"github.com/lenslane/photomarket/internal/payment"
	"github.com/lenslane/photomarket/internal/prints"
)

func (s *Server) createClient(w http.ResponseWriter, r *http.Request) {
	var in accounts.RegisterInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	c, created, err := s.Clients.Register(r.Context(), in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.JSON(w, status, c)
}

func (s *Server) createBooking(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		httpx.Error(w, http.StatusBadRequest, "idempotency_key_required", "Idempotency-Key header is required")
		return
	}
	var in booking.CreateInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	b, replayed, err := s.Bookings.Create(r.Context(), principal(r).AccountID, key, in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	httpx.JSON(w, status, b)
}

func (s *Server) getBooking(w http.ResponseWriter, r *http.Request) {
	b, err := s.Bookings.Get(r.Context(), r.PathValue("id"), principal(r).AccountID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, b)
}

type messageRequest struct {
	Body string `json:"body"`
}

func (s *Server) postMessage(w http.ResponseWriter, r *http.Request) {
	var in messageRequest
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	p := principal(r)
	m, err := s.Bookings.PostMessage(r.Context(), r.PathValue("id"), p.AccountID, p.Role, in.Body)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, m)
}

func (s *Server) startDeposit(w http.ResponseWriter, r *http.Request) {
	resp, err := s.Payments.StartDeposit(r.Context(), r.PathValue("id"), principal(r).AccountID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, resp)
}

func (s *Server) payBalance(w http.ResponseWriter, r *http.Request) {
	var in payment.BalanceInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	resp, err := s.Payments.PayBalance(r.Context(), r.PathValue("id"), principal(r).AccountID, in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, resp)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) cancelBooking(w http.ResponseWriter, r *http.Request) {
	var in cancelRequest
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	b, err := s.Bookings.Cancel(r.Context(), r.PathValue("id"), principal(r).AccountID, in.Reason)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, b)
}

func (s *Server) markShot(w http.ResponseWriter, r *http.Request) {
	if err := s.Bookings.MarkShot(r.Context(), r.PathValue("id"), principal(r).AccountID); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) setAvailability(w http.ResponseWriter, r *http.Request) {
	var in booking.AvailabilityInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	a, err := s.Bookings.SetAvailability(r.Context(), principal(r).AccountID, r.PathValue("day"), in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, a)
}

func (s *Server) deliverGallery(w http.ResponseWriter, r *http.Request) {
	g, err := s.Galleries.Deliver(r.Context(), r.PathValue("id"), principal(r).AccountID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, g)
}

func (s *Server) createPrintOrder(w http.ResponseWriter, r *http.Request) {
	var in prints.OrderInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	o, err := s.Prints.CreateOrder(r.Context(), principal(r).AccountID, in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, o)
}

func (s *Server) checkoutPrintOrder(w http.ResponseWriter, r *http.Request) {
	resp, err := s.Payments.CheckoutPrintOrder(r.Context(), r.PathValue("id"), principal(r).AccountID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, resp)
}

func (s *Server) requestReprint(w http.ResponseWriter, r *http.Request) {
	var in prints.ReprintInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "bad_request", err.Error())
		return
	}
	rr, err := s.Prints.RequestReprint(r.Context(), r.PathValue("id"), principal(r).AccountID, in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, rr)
}
