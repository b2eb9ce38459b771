package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/httpx"
	"github.com/tradeloop/homeservices/internal/service/billing"
	"github.com/tradeloop/homeservices/internal/service/jobs"
	"github.com/tradeloop/homeservices/internal/service/warranty"
)

type postJobRequest struct {
	Trade             string    `json:"trade" binding:"required"`
	Title             string    `json:"title" binding:"required,max=120"`
	Description       string    `json:"description" binding:"max=4000"`
	Address           string    `json:"address" binding:"required"`
	Lat               float64   `json:"lat" binding:"required"`
	Lng               float64   `json:"lng" binding:"required"`
	Urgent            bool      `json:"urgent"`
	PreferredStart    time.Time `json:"preferred_start" binding:"required"`
	WarrantyPolicyRef string    `json:"warranty_policy_ref"`
}

func (h *Handlers) postJob(c *gin.Context) (any, error) {
	req, err := httpx.Bind[postJobRequest](c)
	if err != nil {
		return nil, err
	}
	job, err := h.Jobs.PostJob(c.Request.Context(), jobs.PostJobInput{
		CustomerID:        current(c).ID,
		Trade:             req.Trade,
		Title:             req.Title,
		Description:       req.Description,
		Address:           req.Address,
		Lat:               req.Lat,
		Lng:               req.Lng,
		Urgent:            req.Urgent,
		PreferredStart:    req.PreferredStart,
		WarrantyPolicyRef: req.WarrantyPolicyRef,
	})
	if err != nil {
		return nil, err
	}
	return httpx.Created{Body: job}, nil
}

func (h *Handlers) getJob(c *gin.Context) (any, error) {
	job, err := h.Repos.Jobs.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		return nil, err
	}
	if job.CustomerID != current(c).ID {
		return nil, domain.ErrNotFound
	}
	return job, nil
}

type cancelRequest struct {
	Reason string `json:"reason" binding:"max=500"`
}

func (h *Handlers) cancelJob(c *gin.Context) (any, error) {
	req, err := httpx.Bind[cancelRequest](c)
	if err != nil {
		return nil, err
	}
	return h.Jobs.Cancel(c.Request.Context(), c.Param("id"), current(c).ID, req.Reason)
}

func (h *Handlers) completeJob(c *gin.Context) (any, error) {
	return h.Jobs.Complete(c.Request.Context(), c.Param("id"), current(c).ID)
}

type rescheduleRequest struct {
	StartsAt time.Time `json:"starts_at" binding:"required"`
	Reason   string    `json:"reason" binding:"max=500"`
}

func (h *Handlers) rescheduleJob(c *gin.Context) (any, error) {
	req, err := httpx.Bind[rescheduleRequest](c)
	if err != nil {
		return nil, err
	}
	return h.Jobs.Reschedule(c.Request.Context(), c.Param("id"), current(c).ID, req.StartsAt, req.Reason)
}

type reviewRequest struct {
	Rating  int    `json:"rating" binding:"required"`
	Comment string `json:"comment" binding:"max=2000"`
}

func (h *Handlers) reviewJob(c *gin.Context) (any, error) {
	req, err := httpx.Bind[reviewRequest](c)
	if err != nil {
		return nil, err
	}
	return h.Jobs.Review(c.Request.Context(), c.Param("id"), current(c).ID, req.Rating, req.Comment)
}

type messageRequest struct {
	Body string `json:"body" binding:"required"`
}

func (h *Handlers) postMessage(c *gin.Context) (any, error) {
	req, err := httpx.Bind[messageRequest](c)
	if err != nil {
		return nil, err
	}
	msg, err := h.Conversations.PostCustomerMessage(c.Request.Context(), c.Param("id"), current(c).ID, req.Body)
	if err != nil {
		return nil, err
	}
	return httpx.Created{Body: msg}, nil
}

func (h *Handlers) listMessages(c *gin.Context) (any, error) {
	return h.Conversations.List(c.Request.Context(), c.Param("id"), current(c).ID)
}

type warrantyClaimRequest struct {
	Description string `json:"description" binding:"required,max=4000"`
}

func (h *Handlers) fileWarrantyClaim(c *gin.Context) (any, error) {
	req, err := httpx.Bind[warrantyClaimRequest](c)
	if err != nil {
		return nil, err
	}
	claim, err := h.Warranty.FileClaim(c.Request.Context(), warranty.FileClaimInput{
		JobID:          c.Param("id"),
		CustomerID:     current(c).ID,
		Description:    req.Description,
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
	})
	if err != nil {
		return nil, err
	}
	return httpx.Created{Body: claim}, nil
}

type refundRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Reason      string `json:"reason" binding:"required"`
}

func (h *Handlers) requestRefund(c *gin.Context) (any, error) {
	req, err := httpx.Bind[refundRequest](c)
	if err != nil {
		return nil, err
	}
	refund, err := h.Billing.RequestRefund(c.Request.Context(), billing.RefundInput{
		JobID:          c.Param("id"),
		AmountCents:    req.AmountCents,
		Reason:         req.Reason,
		RequestedBy:    current(c).ID,
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
	})
	if err != nil {
		return nil, err
	}
	return httpx.Accepted{Body: refund}, nil
}
