package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"

	"github.com/gin-gonic/gin"

	"github.com/acme/payroll/internal/service"
)

type ExpenseHandler struct {
	svc service.ExpenseService
}

func NewExpenseHandler(svc service.ExpenseService) *ExpenseHandler { return &ExpenseHandler{svc: svc} }

type submitClaimRequest struct {
	EmployeeID  string `json:"employee_id" binding:"required,uuid"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
	Category    string `json:"category" binding:"required"`
	Description string `json:"description"`
	ReceiptURL  string `json:"receipt_url"`
}

func (h *ExpenseHandler) submit(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	key := c.GetHeader("Idempotency-Key")
	if key == "" || len(key) > 255 {
		return nil, badRequest{errors.New("Idempotency-Key header is required")}
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		return nil, badRequest{err}
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(raw))
	sum := sha256.Sum256(raw)

	var req submitClaimRequest
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	employeeID, _ := parseUUID(req.EmployeeID)
	claim, replayed, err := h.svc.Submit(c.Request.Context(), service.SubmitClaimInput{
		CompanyID:   companyID,
		EmployeeID:  employeeID,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
		Category:    req.Category,
		Description: req.Description,
		ReceiptURL:  req.ReceiptURL,
	}, key, hex.EncodeToString(sum[:]))
	if err != nil {
		return nil, err
	}
	if replayed {
		c.Header("Idempotent-Replayed", "true")
	}
	return Created(claim), nil
}

func (h *ExpenseHandler) approve(c *gin.Context) (any, error) {
	id, err := uuidParam(c, "claimID")
	if err != nil {
		return nil, err
	}
	return h.svc.Approve(c.Request.Context(), id, actor(c))
}

func (h *ExpenseHandler) reimburseNow(c *gin.Context) (any, error) {
	id, err := uuidParam(c, "claimID")
	if err != nil {
		return nil, err
	}
	rb, err := h.svc.ReimburseNow(c.Request.Context(), id, actor(c))
	if err != nil {
		return nil, err
	}
	return Created(rb), nil
}
