package api

import (
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/refundbridge/advance/internal/api/middleware"
	"github.com/refundbridge/advance/internal/command"
	"github.com/refundbridge/advance/internal/domain"
	"github.com/refundbridge/advance/internal/service"
)

type submitRequest struct {
	ReturnRef               string `json:"return_ref"`
	TaxYear                 int    `json:"tax_year"`
	ExpectedRefundCents     int64  `json:"expected_refund"`
	RequestedAmountCents    int64  `json:"requested_amount"`
	DestinationAccountToken string `json:"destination_account_token"`
	RTAccountRef            string `json:"rt_account_ref"`
	Customer                struct {
		SSN         string `json:"ssn"`
		FirstName   string `json:"first_name"`
		LastName    string `json:"last_name"`
		Email       string `json:"email"`
		Phone       string `json:"phone"`
		DateOfBirth string `json:"date_of_birth"`
		Address1    string `json:"address_line1"`
		City        string `json:"city"`
		State       string `json:"state"`
		PostalCode  string `json:"postal_code"`
	} `json:"customer"`
}

type applicationView struct {
	ID             uuid.UUID  `json:"id"`
	ReturnRef      string     `json:"return_ref"`
	TaxYear        int        `json:"tax_year"`
	Status         string     `json:"status"`
	IRSStatus      string     `json:"irs_status"`
	ApprovedAmount int64      `json:"approved_amount"`
	Outstanding    int64      `json:"outstanding"`
	RefundReceived int64      `json:"refund_received"`
	FundedAt       *time.Time `json:"funded_at,omitempty"`
	RepaidAt       *time.Time `json:"repaid_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
}

func viewOf(a domain.Application) applicationView {
	return applicationView{
		ID: a.ID, ReturnRef: a.PartnerReturnRef, TaxYear: a.TaxYear, Status: string(a.Status),
		IRSStatus: a.IRSStatus, ApprovedAmount: a.ApprovedAmountCents, Outstanding: a.OutstandingCents,
		RefundReceived: a.RefundReceivedCents, FundedAt: a.FundedAt, RepaidAt: a.RepaidAt, CreatedAt: a.CreatedAt,
	}
}

func (h *handlers) submitApplication(c echo.Context) error {
	var req submitRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	dob, err := time.Parse("2006-01-02", req.Customer.DateOfBirth)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "customer.date_of_birth must be YYYY-MM-DD")
	}
	partner := middleware.Partner(c)
	var result service.SubmitResult
	cmd := command.SubmitApplication{
		Input: service.SubmitInput{
			PartnerID:               partner.ID,
			IdempotencyKey:          c.Request().Header.Get("Idempotency-Key"),
			ReturnRef:               req.ReturnRef,
			TaxYear:                 req.TaxYear,
			ExpectedRefundCents:     req.ExpectedRefundCents,
			RequestedAmountCents:    req.RequestedAmountCents,
			DestinationAccountToken: req.DestinationAccountToken,
			RTAccountRef:            req.RTAccountRef,
			Customer: service.CustomerInput{
				SSN: req.Customer.SSN, FirstName: req.Customer.FirstName, LastName: req.Customer.LastName,
				Email: req.Customer.Email, Phone: req.Customer.Phone, DateOfBirth: dob,
				Address1: req.Customer.Address1, City: req.Customer.City, State: req.Customer.State,
				PostalCode: req.Customer.PostalCode,
			},
		},
		Result: &result,
	}
	if err := h.commands.Submit.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	status := http.StatusCreated
	if result.Replayed {
		status = http.StatusOK
		c.Response().Header().Set("Idempotent-Replayed", "true")
	}
	return c.JSON(status, map[string]any{
		"id":     result.ApplicationID,
		"status": result.Status,
	})
}

func (h *handlers) getApplication(c echo.Context) error {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	app, err := h.applications.Get(c.Request().Context(), middleware.Partner(c).ID, id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, viewOf(app))
}

func (h *handlers) withdrawApplication(c echo.Context) error {
	id, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := c.Bind(&body); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed JSON body")
	}
	var app domain.Application
	err = h.commands.Withdraw.Handle(c.Request().Context(), command.WithdrawApplication{
		PartnerID:     middleware.Partner(c).ID,
		ApplicationID: id,
		Reason:        body.Reason,
		Result:        &app,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, viewOf(app))
}
