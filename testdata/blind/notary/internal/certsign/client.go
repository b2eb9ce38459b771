// Package certsign applies the notary's digital certificate and seal image
// to a PDF through SealVault, the hosted HSM. Keys never leave SealVault.
package certsign

import (
	"context"
	"net/http"
	"time"

	"github.com/sealpoint-labs/notary/internal/provider"
)

type Client struct {
	api    *provider.Client
	apiKey string
}

func NewClient(baseURL, apiKey string) *Client {
	return &Client{
		api:    provider.New(provider.Options{Name: "sealvault", BaseURL: baseURL, Timeout: 45 * time.Second, RetryMax: 2}),
		apiKey: apiKey,
	}
}

type SealRequest struct {
	CertificateID  string `json:"certificate_id"`
	DocumentSHA256 string `json:"document_sha256"`
	StorageKey     string `json:"storage_key"`
	Commission     string `json:"commission_number"`
	Jurisdiction   string `json:"jurisdiction"`
	Reason         string `json:"reason"`
}

type SealResult struct {
	SignatureID       string    `json:"signature_id"`
	CertificateSerial string    `json:"certificate_serial"`
	SealedStorageKey  string    `json:"sealed_storage_key"`
	SignedAt          time.Time `json:"signed_at"`
}

// ApplySeal signs the document. SealVault accepts an Idempotency-Key and
// returns the original signature for a repeated key; every distinct
// signature is written to the certificate's usage log.
func (c *Client) ApplySeal(ctx context.Context, req SealRequest, idempotencyKey string) (*SealResult, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	var out SealResult
	if err := c.api.Do(ctx, http.MethodPost, "/v1/seals", h, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
