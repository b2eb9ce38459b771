package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/baywarden/storagedesk/internal/httpapi/middleware"
	"github.com/baywarden/storagedesk/internal/service/billing"
	"github.com/baywarden/storagedesk/internal/service/insurance"
	"github.com/baywarden/storagedesk/internal/service/rentals"
)

func (s *Server) reserve(c *gin.Context) {
	var req rentals.ReserveRequest
	if !s.bind(c, &req) {
		return
	}
	res, err := s.Rentals.Reserve(c.Request.Context(), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"reservation_id":    res.ID,
		"facility_id":       res.FacilityID,
		"size_code":         res.SizeCode,
		"move_in_date":      res.MoveInDate.Format("2006-01-02"),
		"quoted_rate_cents": res.QuotedRateCents,
	})
}

func (s *Server) moveIn(c *gin.Context) {
	var req rentals.MoveInRequest
	if !s.bind(c, &req) {
		return
	}
	req.Key = c.GetHeader("Idempotency-Key")
	if req.Key == "" {
		c.JSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header required"})
		return
	}
	rental, err := s.Rentals.MoveIn(c.Request.Context(), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, rental)
}

func (s *Server) setAutopay(c *gin.Context) {
	var req rentals.AutopayRequest
	if !s.bind(c, &req) {
		return
	}
	if err := s.Rentals.SetAutopay(c.Request.Context(), c.Param("id"), req); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type paymentBody struct {
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
	AmountCents     int64  `json:"amount_cents" binding:"required,gt=0"`
}

func (s *Server) pay(c *gin.Context) {
	var body paymentBody
	if !s.bind(c, &body) {
		return
	}
	receipt, err := s.Billing.PayBalance(c.Request.Context(), c.Param("id"), billing.ManualPayment{
		RequestKey:      middleware.IdempotencyKey(c),
		PaymentMethodID: body.PaymentMethodID,
		AmountCents:     body.AmountCents,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, receipt)
}

func (s *Server) addInsurance(c *gin.Context) {
	var req insurance.CoverageRequest
	if !s.bind(c, &req) {
		return
	}
	ctx := insurance.WithRequestID(c.Request.Context(), middleware.GetRequestID(c))
	p, err := s.Insurance.AddCoverage(ctx, c.Param("id"), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, p)
}

func (s *Server) cancelInsurance(c *gin.Context) {
	if err := s.Insurance.CancelCoverage(c.Request.Context(), c.Param("id")); err != nil {
		s.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}

type gateCodeBody struct {
	PIN string `json:"pin" binding:"required,numeric,len=6"`
}

func (s *Server) setGateCode(c *gin.Context) {
	var body gateCodeBody
	if !s.bind(c, &body) {
		return
	}
	code, err := s.Access.SetCode(c.Request.Context(), c.Param("id"), body.PIN)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"rental_id": code.RentalID, "version": code.Version, "synced": code.SyncedAt != nil})
}

func (s *Server) moveOut(c *gin.Context) {
	var req rentals.MoveOutRequest
	if !s.bind(c, &req) {
		return
	}
	res, err := s.Rentals.MoveOut(c.Request.Context(), c.Param("id"), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}
