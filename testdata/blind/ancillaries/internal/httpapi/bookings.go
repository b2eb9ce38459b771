package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/skyway-air/ancillaries/internal/app"
)

type seatHoldRequest struct {
	PassengerRef string `json:"passenger_ref"`
	FlightID     string `json:"flight_id"`
	Seat         string `json:"seat"`
	Minutes      int    `json:"minutes"`
}

// holdSeat handles POST /v1/bookings/:pnr/seat-holds.
func (s *Server) holdSeat(c echo.Context) error {
	req, err := bind[seatHoldRequest](c)
	if err != nil {
		return err
	}
	if req.Minutes == 0 {
		req.Minutes = 15
	}
	cmd := app.HoldSeat{
		PNR:          strings.ToUpper(c.Param("pnr")),
		PassengerRef: req.PassengerRef,
		FlightID:     req.FlightID,
		Seat:         strings.ToUpper(req.Seat),
		For:          time.Duration(req.Minutes) * time.Minute,
	}
	if err := s.cmds.HoldSeat.Handle(c.Request().Context(), cmd); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"seat": cmd.Seat, "held_minutes": req.Minutes})
}

type seatPurchaseRequest struct {
	PassengerRef string `json:"passenger_ref"`
	FlightID     string `json:"flight_id"`
	Seat         string `json:"seat"`
	ServiceDate  string `json:"service_date"`
}

// purchaseSeat handles POST /v1/bookings/:pnr/seats.
func (s *Server) purchaseSeat(c echo.Context) error {
	req, err := bind[seatPurchaseRequest](c)
	if err != nil {
		return err
	}
	day, err := parseDay(req.ServiceDate)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	key := idempotencyKey(c)
	cmd := app.PurchaseSeat{
		OrderID:        uuid.NewString(),
		IdempotencyKey: key,
		PNR:            strings.ToUpper(c.Param("pnr")),
		PassengerRef:   req.PassengerRef,
		FlightID:       req.FlightID,
		Seat:           strings.ToUpper(req.Seat),
		ServiceDate:    day,
	}
	if err := s.cmds.PurchaseSeat.Handle(ctx, cmd); err != nil {
		return err
	}
	view, err := s.orderByKey(ctx, "seat", key)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, view)
}

type baggageRequest struct {
	PassengerRef string `json:"passenger_ref"`
	FlightID     string `json:"flight_id"`
	Pieces       int    `json:"pieces"`
	WeightKg     int    `json:"weight_kg"`
	ServiceDate  string `json:"service_date"`
}

// addBaggage handles POST /v1/bookings/:pnr/baggage.
func (s *Server) addBaggage(c echo.Context) error {
	req, err := bind[baggageRequest](c)
	if err != nil {
		return err
	}
	day, err := parseDay(req.ServiceDate)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	cmd := app.AddBaggage{
		OrderID:      uuid.NewString(),
		PNR:          strings.ToUpper(c.Param("pnr")),
		PassengerRef: req.PassengerRef,
		FlightID:     req.FlightID,
		Pieces:       req.Pieces,
		WeightKg:     req.WeightKg,
		ServiceDate:  day,
	}
	if err := s.cmds.AddBaggage.Handle(ctx, cmd); err != nil {
		return err
	}
	view, err := s.orderByID(ctx, cmd.OrderID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, view)
}

type loungeRequest struct {
	PassengerRef string `json:"passenger_ref"`
	FlightID     string `json:"flight_id"`
	LoungeCode   string `json:"lounge_code"`
	Guests       int    `json:"guests"`
	Day          string `json:"day"`
}

// buyLoungePass handles POST /v1/bookings/:pnr/lounge-passes.
func (s *Server) buyLoungePass(c echo.Context) error {
	req, err := bind[loungeRequest](c)
	if err != nil {
		return err
	}
	day, err := parseDay(req.Day)
	if err != nil {
		return err
	}
	if req.Guests == 0 {
		req.Guests = 1
	}
	ctx := c.Request().Context()
	cmd := app.BuyLoungePass{
		OrderID:      uuid.NewString(),
		PNR:          strings.ToUpper(c.Param("pnr")),
		PassengerRef: req.PassengerRef,
		FlightID:     req.FlightID,
		LoungeCode:   req.LoungeCode,
		Guests:       req.Guests,
		Day:          day,
	}
	if err := s.cmds.BuyLoungePass.Handle(ctx, cmd); err != nil {
		return err
	}
	order, err := s.store.Orders().FindByNaturalKey(ctx, app.LoungeKey(cmd))
	if err != nil {
		return err
	}
	view, err := s.orderView(ctx, order)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, view)
}

type mealRequest struct {
	PassengerRef string `json:"passenger_ref"`
	FlightID     string `json:"flight_id"`
	MealCode     string `json:"meal_code"`
	ServiceDate  string `json:"service_date"`
}

// upgradeMeal handles POST /v1/bookings/:pnr/meals.
func (s *Server) upgradeMeal(c echo.Context) error {
	req, err := bind[mealRequest](c)
	if err != nil {
		return err
	}
	day, err := parseDay(req.ServiceDate)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	key := idempotencyKey(c)
	cmd := app.UpgradeMeal{
		OrderID:        uuid.NewString(),
		IdempotencyKey: key,
		PNR:            strings.ToUpper(c.Param("pnr")),
		PassengerRef:   req.PassengerRef,
		FlightID:       req.FlightID,
		MealCode:       strings.ToUpper(req.MealCode),
		ServiceDate:    day,
	}
	if err := s.cmds.UpgradeMeal.Handle(ctx, cmd); err != nil {
		return err
	}
	view, err := s.orderByKey(ctx, "meal", key)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, view)
}

func parseDay(v string) (time.Time, error) {
	d, err := time.Parse("2006-01-02", v)
	if err != nil {
		return time.Time{}, echo.NewHTTPError(http.StatusBadRequest, "date must be YYYY-MM-DD")
	}
	return d, nil
}
