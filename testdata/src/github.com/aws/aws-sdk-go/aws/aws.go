// Package aws is a stub of github.com/aws/aws-sdk-go/aws for analysistest.
package aws

import "context"

type Context = context.Context

func String(v string) *string { return &v }
