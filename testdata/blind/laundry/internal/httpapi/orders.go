package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/freshpress/laundry/internal/orders"
	"github.com/freshpress/laundry/internal/pagination"
	"github.com/freshpress/laundry/internal/store"
)

func pathID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, "invalid "+name)
	}
	return id, nil
}

func bind[T any](c echo.Context) (T, error) {
	var v T
	if err := c.Bind(&v); err != nil {
		return v, echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	return v, nil
}

func (a *API) createOrder(c echo.Context) error {
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	in, err := bind[orders.CreateInput](c)
	if err != nil {
		return err
	}
	o, replayed, err := a.Orders.Create(c.Request().Context(), customer(c), key, in)
	if err != nil {
		return err
	}
	if replayed {
		return c.JSON(http.StatusOK, o)
	}
	return c.JSON(http.StatusCreated, o)
}

func (a *API) listOrders(c echo.Context) error {
	limit, _ := strconv.Atoi(c.QueryParam("limit"))
	var statuses []store.OrderStatus
	if s := c.QueryParam("status"); s != "" {
		for _, part := range strings.Split(s, ",") {
			statuses = append(statuses, store.OrderStatus(strings.TrimSpace(part)))
		}
	}
	page, err := a.Orders.List(c.Request().Context(), customer(c), statuses, pagination.Params{
		Limit:  limit,
		Cursor: c.QueryParam("cursor"),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

func (a *API) addItem(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[orders.ItemInput](c)
	if err != nil {
		return err
	}
	item, err := a.Orders.AddItem(c.Request().Context(), customer(c), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, item)
}

func (a *API) upgradeExpress(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	o, fee, err := a.Orders.UpgradeExpress(c.Request().Context(), customer(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"order":     o,
		"fee_cents": fee,
	})
}

type cancelBody struct {
	Reason string `json:"reason"`
}

func (a *API) cancelOrder(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[cancelBody](c)
	if err != nil {
		return err
	}
	o, err := a.Orders.Cancel(c.Request().Context(), customer(c), id, body.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, o)
}
