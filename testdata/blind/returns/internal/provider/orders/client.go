// Package orders reads order data from the storefront Orders API and the
// merchant's return warehouse from Postgres.
package orders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/provider/carrier"
)

type AddressBook struct {
	baseURL string
	token   string
	hc      *http.Client
	pool    *pgxpool.Pool
}

func NewAddressBook(baseURL, token string, pool *pgxpool.Pool) *AddressBook {
	return &AddressBook{
		baseURL: strings.TrimRight(baseURL, "/"),
		token:   token,
		hc:      &http.Client{Timeout: 5 * time.Second},
		pool:    pool,
	}
}

func (a *AddressBook) CustomerAddress(ctx context.Context, r domain.Return) (carrier.Address, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.baseURL+"/orders/"+r.OrderID, nil)
	if err != nil {
		return carrier.Address{}, err
	}
	req.Header.Set("Authorization", "Bearer "+a.token)
	req.Header.Set("X-Merchant-ID", r.MerchantID)
	resp, err := a.hc.Do(req)
	if err != nil {
		return carrier.Address{}, fmt.Errorf("orders api: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return carrier.Address{}, fmt.Errorf("order %s: %w", r.OrderID, domain.ErrNotFound)
	}
	if resp.StatusCode != http.StatusOK {
		return carrier.Address{}, fmt.Errorf("orders api: status %d", resp.StatusCode)
	}
	var body struct {
		ShippingAddress carrier.Address `json:"shipping_address"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return carrier.Address{}, fmt.Errorf("orders api: decode: %w", err)
	}
	return body.ShippingAddress, nil
}

func (a *AddressBook) WarehouseAddress(ctx context.Context, merchantID string) (carrier.Address, error) {
	var ad carrier.Address
	err := a.pool.QueryRow(ctx, `
		SELECT name, line1, line2, city, region, postal_code, country
		FROM merchant_warehouses WHERE merchant_id = $1`, merchantID).
		Scan(&ad.Name, &ad.Line1, &ad.Line2, &ad.City, &ad.Region, &ad.PostalCode, &ad.Country)
	if errors.Is(err, pgx.ErrNoRows) {
		return ad, fmt.Errorf("warehouse for merchant %s: %w", merchantID, domain.ErrNotFound)
	}
	return ad, err
}
