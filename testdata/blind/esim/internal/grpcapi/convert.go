package grpcapi

import (
	"time"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/pb/esimv1"
)

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func ts(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func orderPB(o *model.Order) *esimv1.Order {
	return &esimv1.Order{
		Id:          o.ID,
		CustomerId:  o.CustomerID,
		PlanSku:     o.PlanSKU,
		Carrier:     o.Carrier,
		AmountMinor: o.AmountMinor,
		Currency:    o.Currency,
		Status:      o.Status,
		PromoCode:   deref(o.PromoCode),
		CreatedAt:   ts(&o.CreatedAt),
	}
}

func esimPB(e *model.Esim) *esimv1.Esim {
	return &esimv1.Esim{
		Id:             e.ID,
		OrderId:        e.OrderID,
		Carrier:        e.Carrier,
		PlanSku:        e.PlanSKU,
		Iccid:          deref(e.ICCID),
		ActivationCode: deref(e.ActivationCode),
		Status:         e.Status,
		DataLimitBytes: e.DataLimitBytes,
		UsedBytes:      e.UsedBytes,
		ExpiresAt:      ts(e.ExpiresAt),
	}
}

func topUpPB(t *model.TopUp) *esimv1.TopUp {
	return &esimv1.TopUp{
		Id:          t.ID,
		EsimId:      t.EsimID,
		BundleSku:   t.BundleCode,
		DataBytes:   t.DataBytes,
		AmountMinor: t.AmountMinor,
		Currency:    t.Currency,
		Status:      t.Status,
	}
}

func refundPB(r *model.Refund) *esimv1.Refund {
	return &esimv1.Refund{
		Id:          r.ID,
		OrderId:     r.OrderID,
		AmountMinor: r.AmountMinor,
		Currency:    r.Currency,
		Status:      r.Status,
		Reason:      r.Reason,
	}
}

func resellerPB(r *model.Reseller) *esimv1.Reseller {
	return &esimv1.Reseller{
		Id:            r.ID,
		Code:          r.Code,
		Name:          r.Name,
		CommissionBps: r.CommissionBps,
		BalanceMinor:  r.BalanceMinor,
		Currency:      r.Currency,
	}
}

func settlementPB(s *model.Settlement) *esimv1.Settlement {
	return &esimv1.Settlement{
		Id:         s.ID,
		ResellerId: s.ResellerID,
		PeriodEnd:  ts(&s.PeriodEnd),
		TotalMinor: s.TotalMinor,
		Currency:   s.Currency,
		Status:     s.Status,
	}
}
