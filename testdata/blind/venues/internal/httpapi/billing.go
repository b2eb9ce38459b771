package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/vowhall/venues/internal/service"
)

type planRequest struct {
	Count       int    `json:"count"`
	FirstDue    string `json:"first_due"`
	EveryMonths int    `json:"every_months"`
}

// SetInstalmentPlan handles PUT /v1/bookings/:id/instalment-plan.
func SetInstalmentPlan(svc BillingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		req, err := bind[planRequest](c)
		if err != nil {
			return err
		}
		first, err := parseDate("first_due", req.FirstDue)
		if err != nil {
			return err
		}
		plan, err := svc.SetPlan(c.Request().Context(), bookingID, service.PlanInput{
			Count:       req.Count,
			FirstDue:    first,
			EveryMonths: req.EveryMonths,
		})
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]any{"instalments": plan})
	}
}

// CreatePayment handles POST /v1/bookings/:id/payments.
func CreatePayment(svc BillingService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		in, err := bind[service.PaymentInput](c)
		if err != nil {
			return err
		}
		in.IdempotencyKey = c.Request().Header.Get(HeaderIdempotencyKey)
		receipt, err := svc.Pay(c.Request().Context(), bookingID, in)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, receipt)
	}
}

// IssueContract handles POST /v1/bookings/:id/contract.
func IssueContract(svc ContractService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		contract, err := svc.Issue(c.Request().Context(), bookingID)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, contract)
	}
}

// IssueAddendum handles POST /v1/bookings/:id/addenda.
func IssueAddendum(svc ContractService) echo.HandlerFunc {
	return func(c echo.Context) error {
		bookingID, err := pathUUID(c, "id")
		if err != nil {
			return err
		}
		in, err := bind[service.AddendumInput](c)
		if err != nil {
			return err
		}
		contract, err := svc.IssueAddendum(c.Request().Context(), bookingID, in)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusCreated, contract)
	}
}
