// Package client is a stub of go.temporal.io/sdk/client v1.51.0 for analysistest.
package client

import "go.temporal.io/sdk/internal"

type Options = internal.ClientOptions

// Client is trimmed; the real interface has many more methods.
type Client interface {
	Close()
}

func Dial(options Options) (Client, error) { return nil, nil }
