package httpapi

import (
	"errors"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/acme/payroll/internal/service"
)

type PayrunHandler struct {
	svc service.PayrunService
}

func NewPayrunHandler(svc service.PayrunService) *PayrunHandler { return &PayrunHandler{svc: svc} }

type submitPayRunRequest struct {
	Kind        string            `json:"kind"`
	PeriodStart string            `json:"period_start" binding:"required"`
	PeriodEnd   string            `json:"period_end" binding:"required"`
	PayDate     string            `json:"pay_date" binding:"required"`
	Lines       []service.PayLine `json:"lines" binding:"required,min=1,dive"`
}

func parseDates(vals ...string) ([]time.Time, error) {
	out := make([]time.Time, len(vals))
	for i, v := range vals {
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return nil, badRequest{errors.New("dates must be YYYY-MM-DD")}
		}
		out[i] = t
	}
	return out, nil
}

func (h *PayrunHandler) submit(c *gin.Context) (any, error) {
	companyID, err := uuidParam(c, "companyID")
	if err != nil {
		return nil, err
	}
	var req submitPayRunRequest
	if err := bindJSON(c, &req); err != nil {
		return nil, err
	}
	dates, err := parseDates(req.PeriodStart, req.PeriodEnd, req.PayDate)
	if err != nil {
		return nil, err
	}
	run, err := h.svc.Submit(c.Request.Context(), service.SubmitPayRunInput{
		CompanyID:   companyID,
		Kind:        req.Kind,
		PeriodStart: dates[0],
		PeriodEnd:   dates[1],
		PayDate:     dates[2],
		Lines:       req.Lines,
		SubmittedBy: actor(c),
	})
	if err != nil {
		return nil, err
	}
	return Created(run), nil
}

func (h *PayrunHandler) get(c *gin.Context) (any, error) {
	return h.svc.Get(c.Request.Context(), c.Param("runID"))
}

func (h *PayrunHandler) approve(c *gin.Context) (any, error) {
	return h.svc.Approve(c.Request.Context(), c.Param("runID"), actor(c))
}

func (h *PayrunHandler) emailPayslips(c *gin.Context) (any, error) {
	return h.svc.EmailPayslips(c.Request.Context(), c.Param("runID"), actor(c))
}
