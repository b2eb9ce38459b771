package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/halcyonevents/confreg/internal/registration"
)

type orderHandlers struct {
	svc registration.Service
}

type placeOrderRequest struct {
	TicketCode string `json:"ticket_code"`
	Quantity   int    `json:"quantity"`
}

type payRequest struct {
	PaymentMethod string `json:"payment_method"`
}

func (h *orderHandlers) create(c echo.Context) error {
	regID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[placeOrderRequest](c)
	if err != nil {
		return err
	}
	order, err := h.svc.PlaceOrder(c.Request().Context(), registration.OrderInput{
		RegistrationID: regID,
		TicketCode:     body.TicketCode,
		Quantity:       body.Quantity,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, order)
}

func (h *orderHandlers) pay(c echo.Context) error {
	orderID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[payRequest](c)
	if err != nil {
		return err
	}
	if body.PaymentMethod == "" {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	order, err := h.svc.PayOrder(c.Request().Context(), registration.PayInput{
		OrderID:       orderID,
		PaymentMethod: body.PaymentMethod,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, order)
}
