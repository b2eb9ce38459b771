package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/aerolounge/loungepass/internal/httpapi/middleware"
	"github.com/aerolounge/loungepass/internal/service"
)

type buyDayPassRequest struct {
	LoungeCode    string `json:"lounge_code"`
	PurchaseRef   string `json:"purchase_ref"`
	VisitDate     string `json:"visit_date"` // YYYY-MM-DD, lounge local
	FlightNumber  string `json:"flight_number"`
	PaymentMethod string `json:"payment_method"`
}

func (h *handlers) buyDayPass(c echo.Context) error {
	req, err := bindJSON[buyDayPassRequest](c)
	if err != nil {
		return err
	}
	day, err := time.Parse("2006-01-02", req.VisitDate)
	if err != nil {
		return bad("visit_date must be YYYY-MM-DD")
	}
	pass, err := h.svc.DayPasses.Buy(c.Request().Context(), service.BuyDayPassInput{
		MemberID:      middleware.MemberID(c),
		LoungeCode:    req.LoungeCode,
		PurchaseRef:   req.PurchaseRef,
		VisitDate:     day,
		FlightNumber:  req.FlightNumber,
		PaymentMethod: req.PaymentMethod,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, pass)
}

type refundDayPassRequest struct {
	Reason string `json:"reason"`
}

func (h *handlers) refundDayPass(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[refundDayPassRequest](c)
	if err != nil {
		return err
	}
	ref, err := h.svc.DayPasses.RequestRefund(c.Request().Context(), id, req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, ref)
}
