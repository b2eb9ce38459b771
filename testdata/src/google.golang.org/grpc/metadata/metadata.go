// Package metadata is a stub of google.golang.org/grpc/metadata for analysistest.
package metadata

import "context"

type MD map[string][]string

func (md MD) Get(k string) []string                      { return md[k] }
func FromIncomingContext(ctx context.Context) (MD, bool) { return nil, false }

func ValueFromIncomingContext(ctx context.Context, key string) []string { return nil }
