package httpapi

import (
	"context"
	"time"

	"github.com/skyway-air/ancillaries/internal/domain"
)

type itemView struct {
	ID          string `json:"id"`
	Product     string `json:"product"`
	Code        string `json:"code"`
	Description string `json:"description"`
	FlightID    string `json:"flight_id"`
	ServiceDate string `json:"service_date"`
	Quantity    int    `json:"quantity"`
	Amount      int64  `json:"amount"`
	Status      string `json:"status"`
	EMDNumber   string `json:"emd_number,omitempty"`
}

type orderView struct {
	ID              string     `json:"id"`
	PNR             string     `json:"pnr"`
	PassengerRef    string     `json:"passenger_ref"`
	Product         string     `json:"product"`
	Status          string     `json:"status"`
	Currency        string     `json:"currency"`
	TotalAmount     int64      `json:"total_amount"`
	AmountPaid      int64      `json:"amount_paid"`
	RefundedAmount  int64      `json:"refunded_amount"`
	PaymentIntentID string     `json:"payment_intent_id,omitempty"`
	Items           []itemView `json:"items"`
	CreatedAt       time.Time  `json:"created_at"`
}

func (s *Server) orderView(ctx context.Context, o domain.Order) (orderView, error) {
	items, err := s.store.Items().ListByOrder(ctx, o.ID)
	if err != nil {
		return orderView{}, err
	}
	v := orderView{
		ID:              o.ID,
		PNR:             o.PNR,
		PassengerRef:    o.PassengerRef,
		Product:         string(o.Product),
		Status:          string(o.Status),
		Currency:        o.Currency,
		TotalAmount:     o.TotalAmount,
		AmountPaid:      o.AmountPaid,
		RefundedAmount:  o.RefundedAmount,
		PaymentIntentID: o.PaymentIntentID.String,
		CreatedAt:       o.CreatedAt,
		Items:           make([]itemView, 0, len(items)),
	}
	for _, it := range items {
		v.Items = append(v.Items, itemView{
			ID:          it.ID,
			Product:     string(it.Product),
			Code:        it.Code,
			Description: it.Description,
			FlightID:    it.FlightID,
			ServiceDate: it.ServiceDate.Format("2006-01-02"),
			Quantity:    it.Quantity,
			Amount:      it.Amount,
			Status:      string(it.Status),
			EMDNumber:   it.EMDNumber.String,
		})
	}
	return v, nil
}

func (s *Server) orderByID(ctx context.Context, id string) (orderView, error) {
	o, err := s.store.Orders().Get(ctx, id)
	if err != nil {
		return orderView{}, err
	}
	return s.orderView(ctx, o)
}

func (s *Server) orderByKey(ctx context.Context, scope, key string) (orderView, error) {
	o, err := s.store.Orders().FindByIdempotencyKey(ctx, scope, key)
	if err != nil {
		return orderView{}, err
	}
	return s.orderView(ctx, o)
}
