package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/service"
)

// Shop platform webhooks. The platform retries any delivery that does not get
// a 2xx within 5 seconds, for up to 48 hours, with the same X-Shop-Webhook-Id.
type shopWebhooks struct {
	orders    service.OrderService
	merchants service.MerchantService
	secret    string
	log       *zap.Logger
}

func (h *shopWebhooks) mount(g *echo.Group) {
	g.POST("/orders/create", h.orderCreated)
	g.POST("/orders/updated", h.orderUpdated)
	g.POST("/orders/cancelled", h.orderCancelled)
	g.POST("/app/uninstalled", h.appUninstalled)
}

type shopAddress struct {
	Name     string `json:"name"`
	Company  string `json:"company"`
	Address1 string `json:"address1"`
	Address2 string `json:"address2"`
	City     string `json:"city"`
	Province string `json:"province_code"`
	Zip      string `json:"zip"`
	Country  string `json:"country_code"`
	Phone    string `json:"phone"`
}

func (a shopAddress) toModel(email string) model.Address {
	return model.Address{
		Name: a.Name, Company: a.Company, Line1: a.Address1, Line2: a.Address2, City: a.City,
		Region: a.Province, PostalCode: a.Zip, Country: a.Country, Phone: a.Phone, Email: email,
	}
}

type shopLineItem struct {
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
	Properties []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"properties"`
	PrintCost string `json:"print_cost"`
}

func (li shopLineItem) artworkURL() string {
	for _, p := range li.Properties {
		if p.Name == "_artwork_url" {
			return p.Value
		}
	}
	return ""
}

type shopOrder struct {
	ID              int64          `json:"id"`
	Email           string         `json:"email"`
	Currency        string         `json:"currency"`
	UpdatedAt       time.Time      `json:"updated_at"`
	ShippingAddress shopAddress    `json:"shipping_address"`
	LineItems       []shopLineItem `json:"line_items"`
	CancelReason    string         `json:"cancel_reason"`
}

func parseCents(s string) int64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return int64(f*100 + 0.5)
}

func shopHeaders(c echo.Context) (domain, deliveryID string) {
	return c.Request().Header.Get("X-Shop-Domain"), c.Request().Header.Get("X-Shop-Webhook-Id")
}

func (h *shopWebhooks) orderCreated(c echo.Context) error {
	domain, deliveryID := shopHeaders(c)
	if domain == "" || deliveryID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "missing shop headers")
	}
	var in shopOrder
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	var lines []service.ShopLineItem
	for _, li := range in.LineItems {
		art := li.artworkURL()
		if art == "" {
			continue // not a print-on-demand line
		}
		lines = append(lines, service.ShopLineItem{SKU: li.SKU, Quantity: li.Quantity, ArtworkURL: art, UnitCents: parseCents(li.PrintCost)})
	}
	if len(lines) == 0 {
		return c.NoContent(http.StatusOK)
	}
	order, created, err := h.orders.IngestShopOrder(c.Request().Context(), deliveryID, service.ShopOrderInput{
		ShopDomain:  domain,
		ShopOrderID: strconv.FormatInt(in.ID, 10),
		Currency:    in.Currency,
		ShipTo:      in.ShippingAddress.toModel(in.Email),
		Lines:       lines,
		UpdatedAt:   in.UpdatedAt,
	})
	if err != nil {
		return err
	}
	h.log.Info("shop order ingested", zap.String("order_id", order.ID), zap.Bool("created", created))
	return c.JSON(http.StatusOK, map[string]any{"order_id": order.ID})
}

func (h *shopWebhooks) orderUpdated(c echo.Context) error {
	domain, _ := shopHeaders(c)
	var in shopOrder
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	changed, err := h.orders.UpdateShippingAddress(c.Request().Context(), domain,
		strconv.FormatInt(in.ID, 10), in.ShippingAddress.toModel(in.Email), in.UpdatedAt)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]bool{"changed": changed})
}

func (h *shopWebhooks) orderCancelled(c echo.Context) error {
	domain, _ := shopHeaders(c)
	var in shopOrder
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "bad payload")
	}
	reason := in.CancelReason
	if reason == "" {
		reason = "other"
	}
	if err := h.orders.CancelShopOrder(c.Request().Context(), domain, strconv.FormatInt(in.ID, 10), reason); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func (h *shopWebhooks) appUninstalled(c echo.Context) error {
	domain, _ := shopHeaders(c)
	trace := xid.New().String()
	log := h.log.With(zap.String("trace", trace), zap.String("shop", domain))
	log.Info("app uninstalled")
	if err := h.merchants.Uninstall(c.Request().Context(), domain, time.Now().UTC()); err != nil {
		log.Error("uninstall failed", zap.Error(err))
		return err
	}
	return c.NoContent(http.StatusOK)
}
