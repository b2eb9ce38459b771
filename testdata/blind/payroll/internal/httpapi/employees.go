package httpapi

import (
	"github.com/gin-gonic/gin"

	"github.com/acme/payroll/internal/service"
)

type EmployeeHandler struct {
	svc service.EmployeeService
}

func NewEmployeeHandler(svc service.EmployeeService) *EmployeeHandler {
	return &EmployeeHandler{svc: svc}
}

type createEmployeeRequest struct {
	EmployeeNumber  string `json:"employee_number" binding:"required"`
	FullName        string `json:"full_name" binding:"required"`
	Email           string `json:"email" binding:"required"`
	BankAccountRef  string `json:"bank_account_ref"`
	StripeAccountID string `json:"stripe_account_id"`
}

func (h *EmployeeHandler) create(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	var req createEmployeeRequest
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	emp, isNew, err := h.svc.Create(c.Request.Context(), service.CreateEmployeeInput{
		CompanyID:       companyID,
		EmployeeNumber:  req.EmployeeNumber,
		FullName:        req.FullName,
		Email:           req.Email,
		BankAccountRef:  req.BankAccountRef,
		StripeAccountID: req.StripeAccountID,
		Actor:           actor(c),
	})
	if err != nil {
		return nil, err
	}
	if isNew {
		return Created(emp), nil
	}
	return emp, nil
}
