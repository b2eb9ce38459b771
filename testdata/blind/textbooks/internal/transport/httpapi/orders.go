package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quirecampus/bookloop/internal/app"
	"github.com/quirecampus/bookloop/internal/platform/httpx"
)

// OrderHandlers serve the storefront checkout. The web client sends an
// Idempotency-Key and retries on network errors and 5xx.
type OrderHandlers struct {
	Orders    app.OrderService
	Responses httpx.ResponseStore
}

func (h *OrderHandlers) Routes() Group {
	return Group{
		Prefix:     "/v1/orders",
		Middleware: []gin.HandlerFunc{httpx.RequireHeader("X-Student-ID")},
		routes: []route{
			{http.MethodPost, "", httpx.Replay("orders.place", h.Responses, h.place)},
		},
	}
}

type orderItemBody struct {
	ISBN     string `json:"isbn" binding:"required,len=13"`
	Grade    string `json:"grade" binding:"required,oneof=like_new good acceptable"`
	Quantity int    `json:"quantity" binding:"required,min=1,max=5"`
}

type placeOrderBody struct {
	Items []orderItemBody `json:"items" binding:"required,min=1,dive"`
}

func (h *OrderHandlers) place(c *gin.Context) (int, any, error) {
	body, err := httpx.Bind[placeOrderBody](c)
	if err != nil {
		return 0, nil, err
	}
	req := app.PlaceOrder{BuyerID: httpx.StudentID(c)}
	for _, it := range body.Items {
		req.Items = append(req.Items, app.OrderItem{ISBN: it.ISBN, Grade: it.Grade, Quantity: it.Quantity})
	}
	o, err := h.Orders.Place(c.Request.Context(), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, gin.H{"order_id": o.ID, "total_cents": o.TotalCents, "status": o.Status}, nil
}
