package retryablehttp

import (
	"net/http"
	"sync"
)

// RoundTripper implements http.RoundTripper on top of a retryablehttp Client.
type RoundTripper struct {
	Client *Client
	once   sync.Once
}

func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) { return nil, nil }
