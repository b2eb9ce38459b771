package httpapi

import (
	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acme/payroll/internal/service"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

type PaymentsHandler struct {
	svc service.PaymentsService
}

func NewPaymentsHandler(svc service.PaymentsService) *PaymentsHandler {
	return &PaymentsHandler{svc: svc}
}

func parseUUID(s string) (uuid.UUID, error) { return uuid.Parse(s) }

func (h *PaymentsHandler) updateSettings(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	var req sqlrepo.PayoutSettings
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	if err := h.svc.UpdatePayoutSettings(c.Request.Context(), companyID, req, actor(c)); err != nil {
		return nil, err
	}
	return req, nil
}

type adjustmentRequest struct {
	Reference   string `json:"reference" binding:"required"`
	Description string `json:"description" binding:"required"`
	Account     string `json:"account" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
}

func (h *PaymentsHandler) adjust(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	var req adjustmentRequest
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	res, err := h.svc.PostAdjustment(c.Request.Context(), service.AdjustmentInput{
		CompanyID:   companyID,
		Reference:   req.Reference,
		Description: req.Description,
		Account:     req.Account,
		AmountCents: req.AmountCents,
		Actor:       actor(c),
	})
	if err != nil {
		return nil, err
	}
	body := gin.H{"entry_id": res.EntryID, "duplicate": res.Duplicate}
	if res.Duplicate {
		return body, nil
	}
	return Created(body), nil
}

type offCycleRequest struct {
	EmployeeID  string `json:"employee_id" binding:"required,uuid"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Memo        string `json:"memo" binding:"max=140"`
}

func (h *PaymentsHandler) offCycle(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	var req offCycleRequest
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	employeeID, _ := parseUUID(req.EmployeeID)
	p, err := h.svc.SendOffCycle(c.Request.Context(), service.OffCycleInput{
		CompanyID:   companyID,
		EmployeeID:  employeeID,
		AmountCents: req.AmountCents,
		Memo:        req.Memo,
		Actor:       actor(c),
	})
	if err != nil {
		return nil, err
	}
	return Created(p), nil
}
