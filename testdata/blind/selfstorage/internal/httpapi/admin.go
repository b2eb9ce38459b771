package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/baywarden/storagedesk/internal/httpapi/middleware"
	"github.com/baywarden/storagedesk/internal/service/auctions"
	"github.com/baywarden/storagedesk/internal/service/billing"
)

type overlockBody struct {
	Reason string `json:"reason" binding:"required"`
}

func (s *Server) placeOverlock(c *gin.Context) {
	var body overlockBody
	if !s.bind(c, &body) {
		return
	}
	o, err := s.Access.PlaceOverlock(c.Request.Context(), c.Param("id"), body.Reason, middleware.Staff(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, o)
}

func (s *Server) releaseOverlock(c *gin.Context) {
	o, err := s.Access.ReleaseOverlock(c.Request.Context(), c.Param("id"), middleware.Staff(c))
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, o)
}

func (s *Server) scheduleAuction(c *gin.Context) {
	var req auctions.ScheduleRequest
	if !s.bind(c, &req) {
		return
	}
	a, err := s.Auctions.Schedule(c.Request.Context(), c.Param("id"), req)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, a)
}

func (s *Server) settleAuction(c *gin.Context) {
	var sale auctions.Sale
	if !s.bind(c, &sale) {
		return
	}
	a, err := s.Auctions.Settle(c.Request.Context(), c.Param("id"), sale)
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

type refundBody struct {
	PaymentIntentID string `json:"payment_intent_id"`
	AmountCents     int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason          string `json:"reason" binding:"required"`
}

func (s *Server) refund(c *gin.Context) {
	var body refundBody
	if !s.bind(c, &body) {
		return
	}
	res, err := s.Billing.RefundPayment(c.Request.Context(), c.Param("id"), billing.RefundRequest{
		IntentID:    body.PaymentIntentID,
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, res)
}

type feeBody struct {
	Code        string `json:"code" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Memo        string `json:"memo"`
}

func (s *Server) assessFee(c *gin.Context) {
	var body feeBody
	if !s.bind(c, &body) {
		return
	}
	entry, err := s.Billing.AssessFee(c.Request.Context(), c.Param("id"), billing.Fee{
		Code:        body.Code,
		AmountCents: body.AmountCents,
		Memo:        body.Memo,
		AssessedBy:  middleware.Staff(c),
	})
	if err != nil {
		s.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, entry)
}
